import { z } from 'zod';
import { MAX_ROW_ID } from '../../common/schema-kit';
import { safeString } from '../../common/safe-text';
import { BOOKING_STATUSES, MAX_SEATS_PER_ORDER } from '../../common/booking-status';
import { INVALID_EMAIL } from '../../common/validation-messages';

export const emailField = safeString('Email', { error: INVALID_EMAIL })
  .trim()
  .max(254, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));

export const paymentModes = ['pay_now', 'pay_later'] as const;

/** Re-exported for the booking feature's users: the largest id a serial column holds. */
export { MAX_ROW_ID };

/** No zone name is longer (the longest IANA names have about 30 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;

/**
 * The visitor's chosen zone at booking time (an IANA name, e.g. 'Europe/Berlin'), so e-mails and the
 * calendar text can show their time beside the organiser's. Optional, and never a reason to refuse a
 * booking: text longer than any zone name is dropped here, and the server stores only a zone the zone
 * rules know (booking.service). Forbidden characters are refused like in every field.
 */
export const visitorTimeZoneField = safeString('Time zone')
  .transform((text) => (text.length <= MAX_TIME_ZONE_LENGTH ? text.trim() || undefined : undefined))
  .optional();

export { MAX_SEATS_PER_ORDER };

const firstNameField = safeString('First name', { error: 'First name must be at least 2 characters' }).trim().min(2, 'First name must be at least 2 characters').max(100, 'First name must be 100 characters or less');
const lastNameField = safeString('Last name', { error: 'Last name must be at least 2 characters' }).trim().min(2, 'Last name must be at least 2 characters').max(100, 'Last name must be 100 characters or less');

const SEATS_MESSAGE = `Please choose between 1 and ${MAX_SEATS_PER_ORDER} seats`;
/** How many seats one order buys. */
const seatCountField = z.number({ error: SEATS_MESSAGE }).int(SEATS_MESSAGE).min(1, SEATS_MESSAGE).max(MAX_SEATS_PER_ORDER, SEATS_MESSAGE);
export const seatsField = seatCountField.optional().default(1);

/** The person on one seat. */
export const attendeeSchema = z.object({ firstName: firstNameField, lastName: lastNameField, email: emailField });
export type Attendee = z.output<typeof attendeeSchema>;

/**
 * The people on an order's seats, in seat order; at most one per seat (checked against `seats` by
 * the order, orderSeats). Seats past the list are unnamed, for colleagues to claim.
 */
export const attendeesField = z
  .array(attendeeSchema, { error: 'Attendees must be a list of names and e-mail addresses' })
  .max(MAX_SEATS_PER_ORDER, `Name at most ${MAX_SEATS_PER_ORDER} attendees`)
  .optional()
  .default([]);

/** The booking form on the landing and intro pages. */
export const bookingFormSchema = z.object({
  workshopDateId: z.coerce
    .number({ error: 'Please select a workshop date' })
    .int('Please select a workshop date')
    .positive('Please select a workshop date')
    // Ids are PostgreSQL integers: a larger number names no date (and must not reach a query as one).
    .max(MAX_ROW_ID, 'Please select a workshop date'),
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  company: safeString('Company').trim().max(200, 'Company must be 200 characters or less').optional().default(''),
  // Codes are stored in upper case and matched that way: the form keeps what it shows the same.
  discountCode: safeString('Discount code').trim().toUpperCase().max(64, 'Discount code must be 64 characters or less').optional().default(''),
  paymentMode: z.enum(paymentModes).optional().default('pay_now'),
  subscribedToNewsletter: z.boolean().optional().default(true),
  timeZone: visitorTimeZoneField,
  seats: seatsField,
  attendees: attendeesField,
});
/**
 * POST /api/bookings/reserve. Only other software calls it; a caller that says nothing of the
 * newsletter subscribes nobody (docs/decisions/024-newsletter-consent.md).
 */
export const reserveBookingSchema = bookingFormSchema.extend({ subscribedToNewsletter: z.boolean().optional().default(false) });
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingForm = z.output<typeof bookingFormSchema>;

export const NAME_THE_SEAT = 'Name the person taking this seat, or tick “I’m attending”.';

/**
 * A seat's row on the booking form: left blank, the seat stays unnamed and its claim link lets a
 * colleague put their own name on it; begun, it must be a whole name and address.
 */
const seatRowSchema = z
  .object({ firstName: z.string(), lastName: z.string(), email: z.string() })
  .superRefine((row, context) => {
    if (!row.firstName.trim() && !row.lastName.trim() && !row.email.trim()) return;
    const checked = attendeeSchema.safeParse(row);
    if (!checked.success) for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type SeatRow = z.input<typeof seatRowSchema>;

const isBlank = (row: SeatRow) => !row.firstName.trim() && !row.lastName.trim() && !row.email.trim();

/**
 * The booking form as the page has it: the buyer, how many seats, whether the buyer takes the
 * first one (“I’m attending”), and a row for each other seat. It reads out as the booking form the
 * server takes, with the named people as `attendees` (the buyer first when attending).
 */
export const bookingPageFormSchema = bookingFormSchema
  .omit({ attendees: true })
  .extend({
    buyerAttends: z.boolean().optional().default(true),
    seatRows: z.array(seatRowSchema).max(MAX_SEATS_PER_ORDER).optional().default([]),
  })
  .superRefine((form, context) => {
    // One seat nobody is named on would read as the buyer's: the server books one unnamed seat
    // only as part of a larger order.
    if (form.seats === 1 && !form.buyerAttends && (form.seatRows[0] === undefined || isBlank(form.seatRows[0]))) {
      context.addIssue({ code: 'custom', message: NAME_THE_SEAT, path: ['seatRows', 0, 'firstName'] });
    }
  })
  .transform(({ buyerAttends, seatRows, ...form }): BookingForm => {
    const others = seatRows.slice(0, form.seats - (buyerAttends ? 1 : 0)).filter((row) => !isBlank(row));
    const buyer = { firstName: form.firstName, lastName: form.lastName, email: form.email };
    const attendees = [...(buyerAttends ? [buyer] : []), ...others.map((row) => attendeeSchema.parse(row))];
    return { ...form, attendees };
  });
export type BookingPageFormInput = z.input<typeof bookingPageFormSchema>;

/** The page form's rows again, from booking data kept in the tab (BACK from the checkout). */
export function pageFormSeats(booking: Pick<BookingForm, 'firstName' | 'lastName' | 'email' | 'seats' | 'attendees'>): { buyerAttends: boolean; seatRows: SeatRow[] } {
  const [first] = booking.attendees;
  const buyerAttends =
    booking.attendees.length === 0 ? booking.seats === 1 : first!.email.toLowerCase() === booking.email.toLowerCase() && first!.firstName === booking.firstName && first!.lastName === booking.lastName;
  const named = buyerAttends ? booking.attendees.slice(1) : booking.attendees;
  const rows = booking.seats - (buyerAttends ? 1 : 0);
  const blank = { firstName: '', lastName: '', email: '' };
  return { buyerAttends, seatRows: Array.from({ length: rows }, (_, n) => named[n] ?? blank) };
}

/** What survives the move from the booking section to /checkout. */
export type SharedBookingData = {
  workshopDateId: number | '';
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  discountCode: string;
  paymentMode: (typeof paymentModes)[number];
  subscribedToNewsletter: boolean;
  seats: number;
  /** The people named on seats, in seat order; the seats past them are unnamed. */
  attendees: Attendee[];
};

export const emptyBookingData: SharedBookingData = {
  workshopDateId: '',
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  discountCode: '',
  paymentMode: 'pay_now',
  subscribedToNewsletter: true,
  seats: 1,
  attendees: [],
};

const customerInfoSchema = z.object({
  firstName: bookingFormSchema.shape.firstName,
  lastName: bookingFormSchema.shape.lastName,
  email: emailField,
  company: bookingFormSchema.shape.company,
});

/**
 * POST /api/create-payment-intent. `amount` is accepted for the client's sake and ignored. With
 * `waitlistOffer` the offer says the date, the seats (all it holds unless fewer are asked) and, when
 * none are sent, who books; otherwise the date and the buyer are required and one seat is the
 * default.
 */
export const createPaymentIntentSchema = z
  .object({
    amount: z.unknown().optional(),
    workshopDateId: bookingFormSchema.shape.workshopDateId.optional(),
    customerInfo: customerInfoSchema.optional(),
    discountCode: bookingFormSchema.shape.discountCode,
    subscribedToNewsletter: z.boolean().optional().default(true),
    /** Paying later for a reservation: its id and the signed token from the e-mail link. */
    bookingId: z.number().int().positive().max(MAX_ROW_ID, 'Booking not found').optional(),
    payToken: safeString('Pay link').max(500).optional(),
    timeZone: visitorTimeZoneField,
    seats: seatCountField.optional(),
    attendees: attendeesField,
    /**
     * One checkout's own key (the product's browser makes one per checkout): asking again with it
     * while its order waits for payment answers that order's payment, so a double click or a reload
     * opens one payment, while a second order on purpose gets a new key.
     */
    checkoutKey: safeString('Checkout key').trim().min(8).max(100).optional(),
    /** Booking the seats a waiting-list offer holds: the token of its e-mail's link (/checkout?offer=…). */
    waitlistOffer: safeString('Offer link').max(500).optional(),
  })
  .superRefine((body, context) => {
    if (body.waitlistOffer !== undefined) return;
    // Without an offer the date and the buyer are required, with the messages their fields give.
    const required = [
      ['workshopDateId', body.workshopDateId, bookingFormSchema.shape.workshopDateId],
      ['customerInfo', body.customerInfo, customerInfoSchema],
    ] as const;
    for (const [name, value, schema] of required) {
      if (value !== undefined) continue;
      for (const issue of schema.safeParse(undefined).error?.issues ?? []) context.addIssue({ ...issue, path: [name, ...issue.path] } as Parameters<typeof context.addIssue>[0]);
    }
  });
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentSchema>;

export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  /** What will be charged, in dollars. */
  amount: z.number(),
  originalPrice: z.number(),
  isFree: z.boolean(),
  discountApplied: z.boolean(),
  discountAmount: z.number(),
  discountPercent: z.number(),
  /** When the seat hold ends (ISO), for paid intents. */
  holdExpiresAt: z.string().nullable(),
  /** This e-mail already holds a seat on this date: the checkout says so before they pay again. */
  alreadyBooked: z.boolean(),
  /** How many seats the amount pays for. */
  seats: z.number(),
  /** The order the payment pays; null when nothing is to be paid (a free code books directly). */
  orderId: z.number().nullable(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** POST /api/bookings: paid (with the provider's payment id) or free ('free-booking'). */
export const createBookingSchema = bookingFormSchema.extend({
  stripePaymentId: safeString('Payment id', { error: 'Missing required booking information. Please go back and complete the form.' }).min(1).max(200),
  isPaid: z.boolean().optional(),
  // The browser's figures are accepted and ignored: the server prices every booking.
  originalPrice: z.unknown().optional(),
  discountAmount: z.unknown().optional(),
  finalPrice: z.unknown().optional(),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

export const bookingResponseSchema = z.object({
  id: z.number(),
  workshopDateId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isPaid: z.boolean(),
  status: z.enum(BOOKING_STATUSES),
  originalPrice: z.number(),
  discountAmount: z.number(),
  finalPrice: z.number(),
  /**
   * Opens this booking's confirmation page (`/booking/confirmed?booking={id}&token=…`) without a
   * session, so reloading it works; signed for that purpose only (booking-confirmation.ts).
   */
  confirmationToken: z.string(),
  /** The order this seat belongs to, and who bought it. */
  orderId: z.number(),
  orderReference: z.string(),
  buyerEmail: z.string(),
  /** False for a seat bought without a name, still to be claimed. */
  named: z.boolean(),
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** POST /api/bookings and reserve: the first seat's fields, its order, and every seat of it. */
export const orderBookingResponseSchema = bookingResponseSchema.extend({
  seats: z.number(),
  bookings: z.array(bookingResponseSchema),
});
export type OrderBookingResponse = z.infer<typeof orderBookingResponseSchema>;

/**
 * POST /api/orders/complete: the product's checkout, back from the card form, names only the
 * payment; the order it pays already holds everything the form said.
 */
export const completeOrderSchema = z.object({
  paymentIntentId: safeString('Payment id', { error: 'Missing payment id.' }).min(1).max(200),
});
export type CompleteOrderInput = z.infer<typeof completeOrderSchema>;

export const demoConfirmSchema = z.object({
  paymentIntentId: safeString('Payment id').min(1).max(200),
  cardNumber: safeString('Card number').max(40),
});

export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'demo']),
  publishableKey: z.string(),
  testMode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** GET /api/bookings/{id}/payment-details?token=… : what the checkout shows for a reservation paid later. */
export const reservationDetailsSchema = z.object({
  bookingId: z.number(),
  workshopDateId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  discountCode: z.string(),
  originalPrice: z.number(),
  discountAmount: z.number(),
  finalPrice: z.number(),
  status: z.enum(BOOKING_STATUSES),
  isPaid: z.boolean(),
  /** When an unpaid reservation's seat goes back on sale (ISO); null once paid or closed. */
  reservationExpiresAt: z.string().nullable(),
  /** How many seats of the order the payment pays (those still reserved). */
  seats: z.number(),
  orderId: z.number(),
  /** Once paid or confirmed: the confirmation page's token, so the link leads to the booking; else null. */
  confirmationToken: z.string().nullable(),
});
export type ReservationDetails = z.infer<typeof reservationDetailsSchema>;

/** GET /api/bookings/{id}/confirmation?token=… (and its calendar.ics): the booking and its signed token. */
export const bookingConfirmationParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const bookingConfirmationQuerySchema = z.object({ token: z.string().max(500).optional() });

/** The workshop as the pages after a sale show it: its text, and its instants (ISO) once set. */
export const confirmationWorkshopSchema = z.object({
  title: z.string(),
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
  isTBC: z.boolean(),
  endsNextDay: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

/**
 * What the confirmation page shows, and nothing more: no other person's data, and the meeting link
 * only for a confirmed seat (never a reservation that is not paid yet).
 */
export const bookingConfirmationSchema = z.object({
  bookingId: z.number(),
  /** 'deleted' is never answered: a deleted booking is a 404. */
  status: z.enum(BOOKING_STATUSES),
  isPaid: z.boolean(),
  firstName: z.string(),
  /** Where the confirmation e-mail went. */
  email: z.string(),
  originalPrice: z.number(),
  discountAmount: z.number(),
  finalPrice: z.number(),
  discountCode: z.string(),
  /** An unpaid reservation's seat goes back on sale at this instant (ISO); null otherwise. */
  reservationExpiresAt: z.string().nullable(),
  /**
   * A reservation whose address is not confirmed yet: it is held only until reservationExpiresAt
   * (minutes), unless the link e-mailed to it is opened.
   */
  awaitingEmailConfirmation: z.boolean(),
  /** The zone the visitor saw times in when booking (IANA), or null. */
  timeZone: z.string().nullable(),
  workshop: confirmationWorkshopSchema,
  /** The event's location for the calendar buttons; null unless the seat is confirmed. */
  meetingLink: z.string().nullable(),
  /**
   * The order the seat belongs to: its reference, where its confirmation went, its total, and who
   * is on each seat (names only; an unnamed seat has none). Null where it was not read.
   */
  order: z
    .object({
      reference: z.string(),
      buyerFirstName: z.string(),
      buyerEmail: z.string(),
      total: z.number(),
      seats: z.array(z.object({ firstName: z.string(), lastName: z.string(), named: z.boolean(), status: z.enum(BOOKING_STATUSES) })),
    })
    .nullable(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

/** POST /api/bookings/{id}/confirm-reservation: the token from the link e-mailed to a new reservation. */
export const confirmReservationSchema = z.object({
  token: safeString('Confirmation link', { error: 'This confirmation link is invalid or has expired.' }).min(1).max(500),
});
export type ConfirmReservationInput = z.infer<typeof confirmReservationSchema>;

/** Its answer: the reservation as it is now, and the token that opens its confirmation page. */
export const confirmReservationResponseSchema = z.object({
  confirmationToken: z.string(),
  confirmation: bookingConfirmationSchema,
});
export type ConfirmReservationResponse = z.infer<typeof confirmReservationResponseSchema>;

/**
 * POST /api/discount-codes/check: prices a date with a code from the booking form, before the
 * visitor leaves it. Read-only: it holds no seat and counts no use.
 */
export const discountCheckSchema = z.object({
  workshopDateId: bookingFormSchema.shape.workshopDateId,
  code: safeString('Discount code', { error: 'Please enter a discount code' })
    .trim()
    .min(1, 'Please enter a discount code')
    .max(64, 'Discount code must be 64 characters or less'),
});
export type DiscountCheckInput = z.input<typeof discountCheckSchema>;

/** The server's price with the code, in dollars; nothing else about the code is told. */
export const discountCheckResponseSchema = z.object({
  code: z.string(),
  originalPrice: z.number(),
  discountAmount: z.number(),
  finalPrice: z.number(),
  discountPercent: z.number(),
  isFree: z.boolean(),
});
export type DiscountCheckResponse = z.infer<typeof discountCheckResponseSchema>;
