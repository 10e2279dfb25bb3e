import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { BOOKING_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, type BookingStatus } from '../../common/booking-status';
import { MAX_ROW_ID } from '../../common/schema-kit';
import { INVALID_EMAIL } from '../../common/validation-messages';

/** Texts of the Bookings and Users tabs, kept once for server, client and tests. */
export const EXPORT_NONE_SELECTED = 'Please select at least one booking to export emails.';
export const EXPORT_NONE_AVAILABLE = 'There are no bookings to export emails from.';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const EMAIL_TO_REQUIRED = INVALID_EMAIL;
export const EMAIL_SUBJECT_REQUIRED = 'Subject is required';
export const EMAIL_CONTENT_REQUIRED = 'Message is required';
export const EMAIL_QUEUED = 'Email queued for delivery';

export const bookingStatuses = BOOKING_STATUSES;
export type { BookingStatus };

/** The workshop date a booking is for, as the admin table shows it. */
export const adminBookingWorkshopDateSchema = z.object({
  id: z.number(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
});

/** One row of GET /api/admin/bookings (spec §3 Booking). Money in dollars, instants as ISO text. */
export const adminBookingSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  workshopDateId: z.number(),
  workshopDate: adminBookingWorkshopDateSchema.nullable(),
  isPaid: z.boolean(),
  finalPrice: z.number(),
  originalPrice: z.number(),
  discountAmount: z.number(),
  discountCode: z.string(),
  stripePaymentId: z.string().nullable(),
  hasAttended: z.boolean(),
  status: z.enum(bookingStatuses),
  paymentMode: z.enum(['pay_now', 'pay_later']),
  createdAt: z.string(),
  /** The order this seat belongs to: its id, its reference (K7Q-2MX), who bought it and how many seats it bought. */
  orderId: z.number(),
  orderReference: z.string(),
  buyerEmail: z.string(),
  buyerName: z.string(),
  orderSeats: z.number(),
  /** False for a seat bought without a name, held by the buyer until a colleague claims it. */
  named: z.boolean(),
  /**
   * Dollars of this seat's price that went back (the refunds ledger): its share's refunds, or its
   * whole price when the payment that paid it alone was refunded in full.
   */
  refundedAmount: z.number(),
  /**
   * Dollars that can still go back by card through the site: a confirmed seat's share of a payment
   * the site has on record as taken, less what already went back. 0 for a seat paid outside the
   * site, imported or seeded with a payment id the site never took: its money is settled outside.
   */
  refundableAmount: z.number(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingListSchema = z.array(adminBookingSchema);

export const bookingIdParamsSchema = z.object({ id: z.coerce.number().int().positive(BOOKING_NOT_FOUND) });

export const ORDER_NOT_FOUND = 'Order not found';

/**
 * `{ orderId }` of GET /api/admin/orders/{orderId}: a whole number within the id column's range,
 * else null, which the route answers as an unknown order (404), as it cannot name one.
 */
export const orderIdParamsSchema = z.object({
  orderId: z.string().transform((text): number | null => {
    const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
    return id >= 1 && id <= MAX_ROW_ID ? id : null;
  }),
});

/** One seat of an order, as the order's panel lists it (deleted seats are not shown). */
export const adminOrderSeatSchema = z.object({
  bookingId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  named: z.boolean(),
  status: z.enum(bookingStatuses),
  isPaid: z.boolean(),
  finalPrice: z.number(),
  refundedAmount: z.number(),
  hasAttended: z.boolean(),
});
export type AdminOrderSeat = z.infer<typeof adminOrderSeatSchema>;

/** The provider's payment of an order (its latest try, for an order paid later). Amount in dollars. */
export const adminOrderPaymentSchema = z.object({
  provider: z.enum(['stripe', 'demo']),
  providerPaymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;

/**
 * GET /api/admin/orders/{orderId}: one sale, its buyer, its payment, the money it brought in and
 * what went back, and every seat with its status. Money in dollars. `amountPaid` is what the
 * provider took for it (a payment that succeeded, including one refunded since) plus seats marked
 * paid outside the site; `amountRefunded` is every payment refunded in full plus the approved
 * refunds of its seats' shares. `seatCount` is how many seats it bought; `seats` lists those that
 * are bookings now.
 */
export const adminOrderSchema = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  workshopDateId: z.number(),
  workshop: z.object({ title: z.string(), date: z.string(), time: z.string(), timezone: z.string() }),
  buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), company: z.string() }),
  seatCount: z.number(),
  paymentMode: z.enum(['pay_now', 'pay_later']),
  amountPaid: z.number(),
  amountRefunded: z.number(),
  payment: adminOrderPaymentSchema.nullable(),
  createdAt: z.string(),
  seats: z.array(adminOrderSeatSchema),
  /**
   * What cancelling the whole order would give back now, before the admin confirms: `refundable`
   * is what can go back by card for its seats still booked (their shares less what went back,
   * never more than the order paid less what was refunded); `policy` what the cancellation policy
   * gives them now (in full from 7 days before, 50 % inside 7 days, nothing once started), at most
   * that; `creditSeats` how many of them a credit would replace (paid seats). Dollars.
   */
  cancellation: z.object({
    refundable: z.number(),
    policy: z.object({ kind: z.enum(['full-refund', 'half-refund', 'none']), amount: z.number() }),
    creditSeats: z.number(),
  }),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** PUT /api/admin/bookings/:id/attendance. */
export const attendanceSchema = z.object(
  { hasAttended: z.boolean({ error: 'hasAttended must be true or false' }) },
  { error: 'hasAttended must be true or false' },
);
export type AttendanceInput = z.infer<typeof attendanceSchema>;

/** POST /api/admin/bookings/export-emails. */
export const exportEmailsSchema = z.object(
  {
    bookingIds: z
      .array(z.number({ error: EXPORT_NONE_SELECTED }).int(EXPORT_NONE_SELECTED).positive(EXPORT_NONE_SELECTED), { error: EXPORT_NONE_SELECTED })
      .min(1, EXPORT_NONE_SELECTED)
      // Far more than any real list; the 1 MB body limit is the other bound.
      .max(100_000, 'Too many bookings selected.'),
  },
  { error: EXPORT_NONE_SELECTED },
);
export type ExportEmailsInput = z.infer<typeof exportEmailsSchema>;

export const exportEmailsResponseSchema = z.object({ emails: z.array(z.string()), count: z.number() });
export type ExportEmailsResponse = z.infer<typeof exportEmailsResponseSchema>;

/**
 * DELETE /api/admin/bookings/{id}?refund=true|false. A booking that is paid must say what happens
 * to its money: refund it in full, or keep it (the choice is recorded). Without it: 409.
 */
export const deleteBookingQuerySchema = z.object({ refund: z.enum(['true', 'false']).optional() });
export const PAYMENT_NOT_ON_RECORD = 'This payment is not on record with the payment provider, so it cannot be refunded from here. Delete the booking keeping the payment, and refund it outside the site.';
export const REFUND_CHOICE_REQUIRED = 'This booking is paid. Choose whether to refund the payment before deleting it.';
export const deleteBookingResponseSchema = z.object({ success: z.literal(true), refunded: z.boolean() });

/** POST /api/admin/send-email: a plain-text message typed by the admin to one user. */
export const sendEmailSchema = z.object(
  {
    email: safeString('Email', { error: EMAIL_TO_REQUIRED })
      .trim()
      .max(254, EMAIL_TO_REQUIRED)
      .pipe(z.email(EMAIL_TO_REQUIRED)),
    subject: safeString('Subject', { error: EMAIL_SUBJECT_REQUIRED }).trim().min(1, EMAIL_SUBJECT_REQUIRED).max(200, 'Subject must be 200 characters or less'),
    content: safeString('Message', { error: EMAIL_CONTENT_REQUIRED }).trim().min(1, EMAIL_CONTENT_REQUIRED).max(20_000, 'Message must be 20,000 characters or less'),
  },
  { error: EMAIL_SUBJECT_REQUIRED },
);
export type SendEmailInput = z.infer<typeof sendEmailSchema>;

/** The Users tab's e-mail dialog: the recipient is chosen by the row, the admin types the rest. */
export const emailMessageSchema = sendEmailSchema.pick({ subject: true, content: true });
export type EmailMessageInput = z.input<typeof emailMessageSchema>;
export type EmailMessage = z.output<typeof emailMessageSchema>;

export const sendEmailResponseSchema = z.object({ success: z.literal(true), message: z.string(), id: z.number() });
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;

/** GET /api/admin/outbox, newest first. */
export const outboxEntrySchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** The message to a workshop date this e-mail is a copy of; null for any other e-mail. */
  dateMessage: z.object({ id: z.number(), subject: z.string(), workshopDateId: z.number(), workshopTitle: z.string().nullable() }).nullable().optional(),
});
export type OutboxEntryDto = z.infer<typeof outboxEntrySchema>;
export const outboxListSchema = z.array(outboxEntrySchema);

/*
 * The admin's booking actions: cancel with a refund, resend the confirmation,
 * move to another date, mark a reservation paid outside the site. Each answers with the booking
 * as it is now, so the table updates without reading every booking again.
 */

export const REFUND_AMOUNT_INVALID = 'Enter a refund amount in dollars and cents, greater than $0.00';
export const BOOKING_NOTE_TOO_LONG = 'Note must be 500 characters or less';
export const MOVE_DATE_REQUIRED = 'Choose the workshop date to move this booking to';
export const MARK_PAID_DATE_INACTIVE = 'This workshop date is deactivated, so it takes no payments. Activate the date first if this reservation was really paid.';
export const MARK_PAID_ONLY_RESERVED = 'Only a reservation that is waiting for payment can be marked as paid.';
export const RESEND_TEMPLATE_OFF = "This booking's e-mail template is switched off, so nothing was sent. Turn it on under Settings → email-templates.";
export const RESEND_TOO_SOON = 'The confirmation e-mail was sent less than a minute ago, so it was not sent again. Give it a few minutes to arrive.';
export const RESEND_NOTHING_TO_CONFIRM = 'This booking is confirmed but unpaid, so there is no confirmation e-mail to send again.';
export const REFUND_PENDING_REVIEW = 'This booking has a refund request waiting for review. Approve or reject it under Refund Requests first.';

/** The 409 for an action on a booking that no longer holds a seat. */
export function bookingClosedMessage(status: Exclude<BookingStatus, 'reserved' | 'confirmed'>): string {
  return status === 'deleted' ? 'This booking was deleted, so it can no longer be changed.' : `This booking is already ${status}, so it can no longer be changed.`;
}

/** The most that can go back: what was paid by card and not yet refunded. */
export function refundTooHighMessage(refundableDollars: number): string {
  return refundableDollars > 0
    ? `The refund can be at most $${refundableDollars.toFixed(2)}, what was paid by card and not yet refunded.`
    : 'This booking has no card payment left to refund.';
}

/** Dollars with at most two decimals, above zero (the refund field of the cancel dialog and API). */
export const refundAmountSchema = z
  .number({ error: REFUND_AMOUNT_INVALID })
  .positive(REFUND_AMOUNT_INVALID)
  .max(1_000_000, REFUND_AMOUNT_INVALID)
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, REFUND_AMOUNT_INVALID);

/** A refund amount typed in a dialog: dollars and cents above zero, at most `max` (else a message on the amount field). */
function checkTypedRefund(typed: string, max: number, context: z.RefinementCtx): void {
  const amount = refundAmountSchema.safeParse(typed.trim() === '' ? Number.NaN : Number(typed));
  const message = !amount.success ? REFUND_AMOUNT_INVALID : amount.data > max ? refundTooHighMessage(max) : null;
  if (message) context.addIssue({ code: 'custom', path: ['amount'], message });
}

/**
 * POST /api/admin/bookings/{id}/cancel. No refundAmount: what can go back by card goes back in full.
 * `refundOutside`: the organiser settles the money outside the site (bank transfer, cash); nothing
 * is sent to the provider, and the cancel always goes through.
 */
export const adminCancelBookingSchema = z.object(
  {
    refundAmount: refundAmountSchema.optional(),
    refundOutside: z.boolean({ error: 'refundOutside must be true or false' }).optional().default(false),
    notify: z.boolean({ error: 'notify must be true or false' }).default(true),
  },
  { error: REFUND_AMOUNT_INVALID },
);
export type AdminCancelBookingInput = z.input<typeof adminCancelBookingSchema>;
export type AdminCancelBooking = z.output<typeof adminCancelBookingSchema>;

/** POST /api/admin/bookings/{id}/move. */
export const moveBookingSchema = z.object(
  { workshopDateId: z.number({ error: MOVE_DATE_REQUIRED }).int(MOVE_DATE_REQUIRED).positive(MOVE_DATE_REQUIRED) },
  { error: MOVE_DATE_REQUIRED },
);
export type MoveBookingInput = z.infer<typeof moveBookingSchema>;

/** POST /api/admin/bookings/{id}/mark-paid: how it was paid, for the audit log. */
export const markPaidFormSchema = z.object({ note: safeString('Note').trim().max(500, BOOKING_NOTE_TOO_LONG).optional() }, { error: BOOKING_NOTE_TOO_LONG });
export type MarkPaidInput = z.input<typeof markPaidFormSchema>;
/** A call with no body at all is a mark without a note. */
export const markPaidSchema = markPaidFormSchema.default({});

/** What an action did, in words for the admin's toast, and the booking as it is now. */
export const bookingActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), booking: adminBookingSchema });
export type BookingActionResponse = z.infer<typeof bookingActionResponseSchema>;

export const cancelBookingResponseSchema = bookingActionResponseSchema.extend({
  /** Dollars sent (or, when refundSent is false, owed and left as a pending refund request). */
  refundAmount: z.number(),
  refundSent: z.boolean(),
});
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

/**
 * The cancel dialog's form: refund all of what can go back by card, a typed amount (text in the
 * field, dollars in the request), outside the site, or nothing. `paid` is what can go back by card
 * here (refundableAmount): 0 leaves only the last two.
 */
export function cancelDialogSchema(paid: number) {
  return z
    .object({ refund: z.enum(['full', 'part', 'outside', 'none']), amount: z.string(), notify: z.boolean() })
    .superRefine((form, context) => {
      if (form.refund === 'part') checkTypedRefund(form.amount, paid, context);
    })
    // 'Refund in full' sends no amount: the server refunds whatever is left of the seat's share.
    .transform((form): AdminCancelBookingInput => {
      if (form.refund === 'outside' || form.refund === 'none' || paid === 0) return { notify: form.notify, refundOutside: form.refund === 'outside' };
      return { notify: form.notify, ...(form.refund === 'part' ? { refundAmount: Number(form.amount) } : {}) };
    });
}
export type CancelDialogForm = z.input<ReturnType<typeof cancelDialogSchema>>;

/** The move dialog's form: the chosen date's id, as the select gives it. */
export const moveDialogSchema = z.object({
  workshopDateId: z
    .string()
    .regex(/^\d+$/, MOVE_DATE_REQUIRED)
    .transform((id): number => Number(id)),
});
export type MoveDialogForm = z.input<typeof moveDialogSchema>;

/*
 * The admin's actions on a whole order: cancel every seat still booked with one refund choice for
 * the order's money, send the confirmations again, mark a reservation order paid outside the site.
 * Each answers with the order as it is now.
 */

export const ORDER_NOTHING_TO_CANCEL = 'Every seat of this order is already cancelled, refunded or expired, so there is nothing left to cancel.';
export const ORDER_NEVER_SEATS = 'This order never became seats (its checkout was not paid), so there is nothing to cancel.';
export const ORDER_NOTHING_TO_MARK_PAID = 'This order has no reservation waiting for payment, so there is nothing to mark as paid.';
export const ORDER_NOTHING_TO_RESEND = 'No seat of this order is booked, so there is no confirmation to send again.';
export const ORDER_RESEND_NOTHING_TO_CONFIRM = 'The seats of this order are confirmed but unpaid, so there is no confirmation e-mail to send again.';
export const ORDER_RESEND_TOO_SOON = "The order's confirmation was sent less than a minute ago, so it was not sent again. Give it a few minutes to arrive.";
export const ORDER_REFUND_AMOUNT_ONLY_CUSTOM = 'An amount goes with the refund choice "custom" only.';

/**
 * How a cancelled order's money is settled, as the seat's cancel and the refund review name them:
 * `policy` what the cancellation policy gives now, `full` everything that can go back by card,
 * `custom` the typed `amount` (spread over the seats' shares, first seat first), `credit` a
 * single-use code per paid seat instead of money, `outside` settled outside the site (nothing is
 * sent to the provider), `none` nothing.
 */
export const orderRefundChoices = ['policy', 'full', 'custom', 'credit', 'outside', 'none'] as const;
export type OrderRefundChoice = (typeof orderRefundChoices)[number];

/** POST /api/admin/orders/{orderId}/cancel. No `refund`: everything that can go back by card goes back. */
export const adminCancelOrderSchema = z
  .object(
    {
      refund: z.enum(orderRefundChoices, { error: `refund must be one of ${orderRefundChoices.join(', ')}` }).default('full'),
      amount: refundAmountSchema.optional(),
      notify: z.boolean({ error: 'notify must be true or false' }).default(true),
    },
    { error: REFUND_AMOUNT_INVALID },
  )
  .superRefine((input, context) => {
    if (input.refund === 'custom' && input.amount === undefined) context.addIssue({ code: 'custom', path: ['amount'], message: REFUND_AMOUNT_INVALID });
    if (input.refund !== 'custom' && input.amount !== undefined) context.addIssue({ code: 'custom', path: ['amount'], message: ORDER_REFUND_AMOUNT_ONLY_CUSTOM });
  });
export type AdminCancelOrderInput = z.input<typeof adminCancelOrderSchema>;
export type AdminCancelOrder = z.output<typeof adminCancelOrderSchema>;

/** What an order action did, in words for the admin's toast, and the order as it is now. */
export const orderActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), order: adminOrderSchema });
export type OrderActionResponse = z.infer<typeof orderActionResponseSchema>;

export const cancelOrderResponseSchema = orderActionResponseSchema.extend({
  /** Dollars sent (or, when refundSent is false, owed and left as pending refund requests). */
  refundAmount: z.number(),
  refundSent: z.boolean(),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

/**
 * The order's cancel dialog: a refund choice among those the order allows, and a typed amount
 * (text in the field, dollars in the request) at most what can go back by card.
 */
export function cancelOrderDialogSchema(refundable: number) {
  return z
    .object({ refund: z.enum(orderRefundChoices), amount: z.string(), notify: z.boolean() })
    .superRefine((form, context) => {
      if (form.refund === 'custom') checkTypedRefund(form.amount, refundable, context);
    })
    .transform((form): AdminCancelOrderInput => ({ refund: form.refund, notify: form.notify, ...(form.refund === 'custom' ? { amount: Number(form.amount) } : {}) }));
}
export type CancelOrderDialogForm = z.input<ReturnType<typeof cancelOrderDialogSchema>>;
