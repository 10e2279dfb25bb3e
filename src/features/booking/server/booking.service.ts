import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import type { AppDeps } from '../../../server/deps';
import { bookings, discountCodes, newsletterSubscribers, payments, seatHolds, workshopDates } from '../../../server/db/schema';
import { verifyToken } from '../../../server/lib/signed-token';
import type { PaymentProvider } from '../../../server/payments/payment-provider';
import { HttpError } from '../../../server/plugins/error-handler';
import type { BookingForm, BookingResponse, PaymentIntentResponse } from '../booking.schema';
import { claimDiscountUse, discountInvalid, normaliseCode, usableDiscount } from './discounts';
import { PAY_LINK_PURPOSE, queueBookingEmail, queueSoldOutRefundEmail, type WorkshopDateRow } from './booking-emails';
import { priceSeat, type Price } from './pricing';
import { SEAT_HOLD_MINUTES, SOLD_OUT_MESSAGE, releaseExpiredHolds, takeSeat } from './seats';

export type BookingDeps = {
  db: Database;
  payments: PaymentProvider;
  secret: string;
  publicUrl: string;
  /** Wakes the outbox worker after a commit that queued e-mail. */
  onEmailQueued?: () => void;
};

/** The booking services' dependencies, taken from the app's. */
export function bookingDepsFrom(deps: AppDeps, payments: PaymentProvider = deps.payments): BookingDeps {
  return { db: deps.db, payments, secret: deps.secret, publicUrl: deps.env.PUBLIC_URL, onEmailQueued: deps.onEmailQueued };
}

type BookingRow = typeof bookings.$inferSelect;
type Customer = { firstName: string; lastName: string; email: string; company: string; discountCode: string; subscribedToNewsletter: boolean };

const PAYMENT_NOT_CONFIRMED = 'We could not confirm this payment. You have not been charged for a booking.';

export function toBookingResponse(row: BookingRow): BookingResponse {
  return {
    id: row.id,
    workshopDateId: row.workshopDateId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isPaid: row.isPaid,
    status: row.status,
    originalPrice: centsToDollars(row.originalPriceCents),
    discountAmount: centsToDollars(row.discountAmountCents),
    finalPrice: centsToDollars(row.finalPriceCents),
  };
}

type DiscountRow = typeof discountCodes.$inferSelect;
/** A date that can be booked and, when a code was given, that code's row if it can be used now. */
type Offer = { date: WorkshopDateRow; code: string; discount: DiscountRow | null };

/**
 * The date and the code's row in one query: every booking request needs both, and under load
 * each round trip to PostgreSQL costs the app more than the query itself (writing to the socket
 * and waking the database was a quarter of its CPU time in the sustained bench). 404 when the date
 * cannot be booked.
 */
async function loadOffer(db: Database, workshopDateId: number, discountCode: string, now = new Date()): Promise<Offer> {
  const code = normaliseCode(discountCode);
  const [row] = await db
    .select({ date: workshopDates, discount: discountCodes })
    .from(workshopDates)
    .leftJoin(discountCodes, code ? and(eq(discountCodes.code, code), usableDiscount(now)) : sql`false`)
    .where(eq(workshopDates.id, workshopDateId))
    .limit(1);
  const date = row?.date;
  if (!date || !date.isActive || (date.endsAt && date.endsAt < now)) throw new HttpError(404, 'Workshop date not found');
  return { date, code, discount: row.discount };
}

/** Server-side price of an offer; a code that cannot be used is a 400. */
function quote({ date, code, discount }: Offer): { price: Price; discount: DiscountRow | null } {
  if (!code) return { price: priceSeat(date.priceCents), discount: null };
  if (!discount) throw discountInvalid();
  return { price: priceSeat(date.priceCents, discount.discountPercent), discount };
}

function priceResponse(price: Price, extra: Pick<PaymentIntentResponse, 'clientSecret' | 'paymentIntentId' | 'holdExpiresAt'>): PaymentIntentResponse {
  return {
    ...extra,
    amount: centsToDollars(price.finalCents),
    originalPrice: centsToDollars(price.originalCents),
    isFree: price.finalCents === 0,
    discountApplied: price.discountCents > 0,
    discountAmount: centsToDollars(price.discountCents),
    discountPercent: price.discountPercent,
  };
}

async function subscribe(tx: Database, email: string, wanted: boolean) {
  if (wanted) await tx.insert(newsletterSubscribers).values({ email: email.toLowerCase(), source: 'booking' }).onConflictDoNothing();
}

/**
 * Prices the seat on the server and, when there is something to pay, opens a payment with the
 * provider and holds a seat for SEAT_HOLD_MINUTES. Asking again with the same details within the
 * same window returns the same payment, so a reloaded checkout does not hold a second seat.
 */
export async function createPaymentIntent(
  deps: BookingDeps,
  input: { workshopDateId: number; customer: Customer; bookingId?: number; payToken?: string },
  now = new Date(),
): Promise<PaymentIntentResponse> {
  if (input.bookingId !== undefined) return createIntentForReservation(deps, input.bookingId, input.payToken, now);

  const offer = await loadOffer(deps.db, input.workshopDateId, input.customer.discountCode, now);
  const { date } = offer;
  const { price, discount } = quote(offer);
  if (price.finalCents === 0) return priceResponse(price, { clientSecret: null, paymentIntentId: null, holdExpiresAt: null });
  if (date.seatsTaken >= date.seatsTotal) {
    // Seats may be tied up in holds that have just run out.
    if ((await releaseExpiredHolds(deps.db, now)) === 0) throw new HttpError(409, SOLD_OUT_MESSAGE, 'sold_out');
  }

  const window = holdWindow(now);
  const idempotencyKey = createHash('sha256')
    .update([date.id, input.customer.email.toLowerCase(), normaliseCode(input.customer.discountCode), price.finalCents, window].join('|'))
    .digest('hex');
  const intent = await deps.payments.createIntent({
    amountCents: price.finalCents,
    currency: 'usd',
    description: `${date.title} — ${date.isTBC ? 'date TBC' : `${date.date} ${date.time} ${date.timezone}`}`,
    receiptEmail: input.customer.email,
    metadata: { workshopDateId: String(date.id), email: input.customer.email },
    idempotencyKey,
  });

  const holdExpiresAt = new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000);
  try {
    await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(seatHolds).where(eq(seatHolds.paymentIntentId, intent.id)).for('update');
      if (existing?.status === 'held' || existing?.status === 'converted') return;
      await takeSeat(tx, date.id);
      if (existing) {
        await tx.update(seatHolds).set({ status: 'held', expiresAt: holdExpiresAt }).where(eq(seatHolds.id, existing.id));
      } else {
        await tx.insert(seatHolds).values({ workshopDateId: date.id, paymentIntentId: intent.id, expiresAt: holdExpiresAt });
      }
      if (discount) await claimDiscountUse(tx, discount.id, now);
      await tx
        .insert(payments)
        .values({
          provider: deps.payments.name,
          providerPaymentId: intent.id,
          workshopDateId: date.id,
          amountCents: price.finalCents,
          discountCodeId: discount?.id ?? null,
          customer: { ...input.customer, originalCents: price.originalCents, discountCents: price.discountCents },
        })
        .onConflictDoNothing({ target: payments.providerPaymentId });
    });
  } catch (error) {
    await deps.payments.cancelIntent(intent.id).catch(() => undefined);
    throw error;
  }
  return priceResponse(price, { clientSecret: intent.clientSecret, paymentIntentId: intent.id, holdExpiresAt: holdExpiresAt.toISOString() });
}

/** The booking a signed pay link names (403 when the link is not genuine); undefined when it is gone. */
async function bookingFromPayLink(deps: Pick<BookingDeps, 'db' | 'secret'>, bookingId: number, payToken: string | undefined) {
  if (verifyToken(deps.secret, PAY_LINK_PURPOSE, payToken) !== String(bookingId)) {
    throw new HttpError(403, 'This payment link is invalid or has expired.', 'pay_link_invalid');
  }
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return booking;
}

/** The reservation a signed pay link names, for the checkout to show before paying. */
export async function getReservationForPayment(deps: Pick<BookingDeps, 'db' | 'secret'>, bookingId: number, payToken: string | undefined) {
  const booking = await bookingFromPayLink(deps, bookingId, payToken);
  if (!booking) throw new HttpError(404, 'Booking not found');
  return {
    bookingId: booking.id,
    workshopDateId: booking.workshopDateId,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    company: booking.company,
    discountCode: booking.discountCode,
    originalPrice: centsToDollars(booking.originalPriceCents),
    discountAmount: centsToDollars(booking.discountAmountCents),
    finalPrice: centsToDollars(booking.finalPriceCents),
    status: booking.status,
    isPaid: booking.isPaid,
  };
}

/** Paying later for a reservation: its seat is already held, the price was fixed when reserved. */
async function createIntentForReservation(deps: BookingDeps, bookingId: number, payToken: string | undefined, now: Date) {
  const booking = await bookingFromPayLink(deps, bookingId, payToken);
  if (!booking || booking.status !== 'reserved') throw new HttpError(409, 'This booking has already been paid or cancelled.', 'not_payable');
  const price: Price = {
    originalCents: booking.originalPriceCents,
    discountCents: booking.discountAmountCents,
    finalCents: booking.finalPriceCents,
    discountPercent: booking.originalPriceCents ? Math.round((booking.discountAmountCents / booking.originalPriceCents) * 100) : 0,
  };
  const window = holdWindow(now);
  const intent = await deps.payments.createIntent({
    amountCents: booking.finalPriceCents,
    currency: 'usd',
    description: `Reservation ${booking.id}`,
    receiptEmail: booking.email,
    metadata: { workshopDateId: String(booking.workshopDateId), email: booking.email, bookingId: String(booking.id) },
    idempotencyKey: `reservation-${booking.id}-${window}`,
  });
  await deps.db
    .insert(payments)
    .values({
      provider: deps.payments.name,
      providerPaymentId: intent.id,
      workshopDateId: booking.workshopDateId,
      bookingId: booking.id,
      amountCents: booking.finalPriceCents,
    })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  return priceResponse(price, { clientSecret: intent.clientSecret, paymentIntentId: intent.id, holdExpiresAt: null });
}

/** Requests in the same hold window share a payment (idempotency key), so a retry holds no second seat. */
function holdWindow(now: Date): number {
  return Math.floor(now.getTime() / (SEAT_HOLD_MINUTES * 60_000));
}

type FulfilOutcome = { booking: BookingRow } | { refund: { paymentId: number; email: string; amountCents: number; workshopDateId: number } };

/**
 * Turns a payment the provider confirms as succeeded into a booking, once. Called by the
 * browser (POST /api/bookings), the webhook and the demo card form; whichever comes first
 * books, the others get the same booking. A payment whose hold ran out when no seat is left
 * is refunded in full and the buyer is told by e-mail.
 */
export async function fulfilPayment(deps: BookingDeps, providerPaymentId: string): Promise<BookingRow> {
  const [record] = await deps.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  if (!record) throw new HttpError(402, PAYMENT_NOT_CONFIRMED, 'payment_not_found');
  if (record.bookingId && record.status === 'succeeded') return existingBooking(deps.db, record.bookingId);
  if (record.status === 'refunded') throw new HttpError(409, 'This payment was refunded because the workshop filled up.', 'sold_out_refunded');

  const intent = await deps.payments.retrieveIntent(providerPaymentId);
  const matches =
    intent?.status === 'succeeded' &&
    intent.amountCents === record.amountCents &&
    intent.currency === 'usd' &&
    intent.metadata.workshopDateId === String(record.workshopDateId);
  if (!matches) throw new HttpError(402, PAYMENT_NOT_CONFIRMED, 'payment_not_confirmed');

  const outcome = await deps.db.transaction(async (tx): Promise<FulfilOutcome> => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, record.id)).for('update');
    if (locked!.bookingId && locked!.status === 'succeeded') return { booking: await existingBooking(tx, locked!.bookingId) };

    if (locked!.bookingId) {
      // A reservation paid later: its seat was taken when it was reserved.
      const [paid] = await tx
        .update(bookings)
        .set({ isPaid: true, status: 'confirmed', stripePaymentId: providerPaymentId })
        .where(eq(bookings.id, locked!.bookingId))
        .returning();
      await tx.update(payments).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(payments.id, record.id));
      await queueBookingEmail(tx, deps, 'paid', paid!);
      return { booking: paid! };
    }

    const [hold] = await tx.select().from(seatHolds).where(eq(seatHolds.paymentIntentId, providerPaymentId)).for('update');
    if (hold?.status === 'held') {
      await tx.update(seatHolds).set({ status: 'converted' }).where(eq(seatHolds.id, hold.id));
    } else {
      try {
        await takeSeat(tx, record.workshopDateId);
      } catch (error) {
        if (error instanceof HttpError && error.code === 'sold_out') {
          return { refund: { paymentId: record.id, email: String(record.customer?.email ?? ''), amountCents: record.amountCents, workshopDateId: record.workshopDateId } };
        }
        throw error;
      }
      if (hold) await tx.update(seatHolds).set({ status: 'converted' }).where(eq(seatHolds.id, hold.id));
    }

    const customer = record.customer as Customer & { originalCents: number; discountCents: number };
    const [booking] = await tx
      .insert(bookings)
      .values({
        workshopDateId: record.workshopDateId,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        company: customer.company ?? '',
        discountCodeId: record.discountCodeId,
        discountCode: normaliseCode(customer.discountCode),
        originalPriceCents: customer.originalCents,
        discountAmountCents: customer.discountCents,
        finalPriceCents: record.amountCents,
        isPaid: true,
        status: 'confirmed',
        paymentMode: 'pay_now',
        stripePaymentId: providerPaymentId,
        subscribedToNewsletter: customer.subscribedToNewsletter,
      })
      .returning();
    await tx.update(payments).set({ status: 'succeeded', bookingId: booking!.id, updatedAt: new Date() }).where(eq(payments.id, record.id));
    await subscribe(tx, customer.email, customer.subscribedToNewsletter);
    await queueBookingEmail(tx, deps, 'paid', booking!);
    return { booking: booking! };
  });

  if ('booking' in outcome) {
    deps.onEmailQueued?.();
    return outcome.booking;
  }
  await refundSoldOutPayment(deps, providerPaymentId, outcome.refund);
  throw new HttpError(409, 'Sorry, the last seat was taken while you were paying. Your payment has been refunded in full.', 'sold_out_refunded');
}

async function refundSoldOutPayment(deps: BookingDeps, providerPaymentId: string, refund: Extract<FulfilOutcome, { refund: unknown }>['refund']) {
  const { refundId } = await deps.payments.refund(providerPaymentId, {
    reason: 'sold_out_after_hold_expired',
    idempotencyKey: `sold-out-refund-${providerPaymentId}`,
  });
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(payments.id, refund.paymentId), eq(payments.status, 'requires_payment')))
      .returning({ id: payments.id });
    // Only the first caller tells the buyer.
    if (updated.length > 0) await queueSoldOutRefundEmail(tx, deps, { ...refund, refundId });
  });
  deps.onEmailQueued?.();
}

async function existingBooking(db: Database, bookingId: number): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!row) throw new HttpError(409, 'This payment belongs to a booking that no longer exists.', 'booking_missing');
  return row;
}

/**
 * Books an unpaid seat (free, or reserved to pay later): code use, seat, booking, newsletter
 * and e-mail in one transaction, so a refusal at any step leaves nothing behind.
 */
async function bookUnpaidSeat(
  deps: BookingDeps,
  form: BookingForm,
  offer: { date: WorkshopDateRow; price: Price; discount: DiscountRow | null; paymentMode: 'pay_now' | 'pay_later' },
): Promise<BookingRow> {
  const free = offer.price.finalCents === 0;
  const booking = await deps.db.transaction(async (tx) => {
    // The row locks come last. Claiming the code and the seat lock the code's and the date's rows
    // until COMMIT, and every buyer of that date queues on them: taken first, they were held
    // through the booking, the newsletter and the e-mail as well. A refusal still undoes it all.
    const [row] = await tx
      .insert(bookings)
      .values({
        workshopDateId: offer.date.id,
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        company: form.company,
        discountCodeId: offer.discount?.id ?? null,
        discountCode: offer.discount?.code ?? '',
        originalPriceCents: offer.price.originalCents,
        discountAmountCents: offer.price.discountCents,
        finalPriceCents: offer.price.finalCents,
        isPaid: false,
        status: free ? 'confirmed' : 'reserved',
        paymentMode: offer.paymentMode,
        subscribedToNewsletter: form.subscribedToNewsletter,
      })
      .returning();
    await subscribe(tx, form.email, form.subscribedToNewsletter);
    await queueBookingEmail(tx, deps, free ? 'free' : 'reserved', row!, offer.date);
    if (offer.discount) await claimDiscountUse(tx, offer.discount.id);
    await takeSeat(tx, offer.date.id);
    return row!;
  });
  deps.onEmailQueued?.();
  return booking;
}

/** A booking the discount code makes free. */
export async function createFreeBooking(deps: BookingDeps, form: BookingForm): Promise<BookingRow> {
  const offer = await loadOffer(deps.db, form.workshopDateId, form.discountCode);
  if (!offer.code) throw new HttpError(402, 'A free booking needs a discount code that covers the full price.', 'payment_required');
  const { price, discount } = quote(offer);
  if (price.finalCents !== 0 || !discount) throw new HttpError(402, 'This discount code does not cover the full price. Please pay by card.', 'payment_required');
  return bookUnpaidSeat(deps, form, { date: offer.date, price, discount, paymentMode: 'pay_now' });
}

/** Reserve now, pay later: the seat is taken now and the e-mail carries a link to pay. */
export async function reserveBooking(deps: BookingDeps, form: BookingForm): Promise<BookingRow> {
  const offer = await loadOffer(deps.db, form.workshopDateId, form.discountCode);
  const { price, discount } = quote(offer);
  return bookUnpaidSeat(deps, form, { date: offer.date, price, discount, paymentMode: 'pay_later' });
}
