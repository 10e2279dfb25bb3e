import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import { centsToDollars } from '../../../common/money';
import { resolveTimeZone } from '../../../common/time-zones';
import type { Database } from '../../../server/db/client';
import type { AppDeps } from '../../../server/deps';
import { bookings, discountCodes, payments, seatHolds, workshopDates } from '../../../server/db/schema';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { verifyToken } from '../../../server/lib/signed-token';
import type { PaymentIntent, PaymentProvider } from '../../../server/payments/payment-provider';
import { HttpError } from '../../../server/plugins/error-handler';
import type { BookingForm, BookingResponse, PaymentIntentResponse } from '../booking.schema';
import { confirmationTokenFor } from './booking-confirmation';
import { claimDiscountUse, discountInvalid, normaliseCode, usableDiscount } from './discounts';
import { notifyOrganiserOfBooking, PAY_LINK_PURPOSE, queueBookingEmail, type WorkshopDateRow } from './booking-emails';
import { fulfilPayment } from './fulfil-payment';
import { subscribeBooker } from './newsletter-signup';
import { priceSeat, type Price } from './pricing';
import { SEAT_HOLD_MINUTES, SOLD_OUT_MESSAGE, releaseExpiredHolds, takeSeat } from './seats';

export type BookingDeps = {
  db: Database;
  payments: PaymentProvider;
  secret: string;
  publicUrl: string;
  /** The lifecycle's clock: hold and reservation expiry read it (tests move it). */
  now: () => Date;
  /** Wakes the outbox worker after a commit that queued e-mail. */
  onEmailQueued?: () => void;
  /**
   * Told after a commit that changed a date's seat count, so the public reads that show it are
   * dropped; a call that changed none (a replay, a refusal, a paid hold) leaves them warm.
   */
  onSeatsChanged?: () => void;
  /** For what goes wrong after a commit (a provider refund that failed). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/** The booking services' dependencies, taken from the app's. */
export function bookingDepsFrom(deps: AppDeps, payments: PaymentProvider = deps.payments, log?: BookingDeps['log']): BookingDeps {
  return {
    db: deps.db,
    payments,
    secret: deps.secret,
    publicUrl: deps.env.PUBLIC_URL,
    now: deps.clock ?? (() => new Date()),
    onEmailQueued: deps.onEmailQueued,
    onSeatsChanged: () => deps.publicCache.invalidate(PUBLIC_READS.workshopDates),
    log,
  };
}

type BookingRow = typeof bookings.$inferSelect;
type Customer = { firstName: string; lastName: string; email: string; company: string; discountCode: string; subscribedToNewsletter: boolean; timeZone?: string };

/** The answer to a completed booking, with the token that opens its confirmation page. */
export function toBookingResponse(row: BookingRow, secret: string, now = Date.now()): BookingResponse {
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
    confirmationToken: confirmationTokenFor(secret, row.id, now),
  };
}

type DiscountRow = typeof discountCodes.$inferSelect;
/** A date that can be booked and, when a code was given, that code's row if it can be used now. */
type Offer = { date: WorkshopDateRow; code: string; discount: DiscountRow | null };

/**
 * The date and the code's row in one query: every booking request needs both, and under load
 * each round trip to PostgreSQL costs the app more than the query itself (writing to the socket
 * and waking the database was a quarter of its CPU time in the sustained bench). 404 when the date
 * cannot be booked. A code that reads as unusable is judged again after holds that have run out
 * gave their uses back (the sweep may not have come by yet), so a single-use code held by a
 * checkout that was abandoned is usable again the moment its hold ends; `onSeatsChanged` hears
 * of the seats that gave back.
 */
export async function loadOffer(db: Database, workshopDateId: number, discountCode: string, now = new Date(), onSeatsChanged?: () => void): Promise<Offer> {
  const code = normaliseCode(discountCode);
  let row = await readOffer(db, workshopDateId, code, now);
  if (code && row && !row.discount && (await releaseExpiredHolds(db, now)) > 0) {
    onSeatsChanged?.();
    row = await readOffer(db, workshopDateId, code, now);
  }
  if (!row || !row.date.isActive || (row.date.endsAt && row.date.endsAt < now)) throw new HttpError(404, 'Workshop date not found');
  return { date: row.date, code, discount: row.discount };
}

async function readOffer(db: Database, workshopDateId: number, code: string, now: Date) {
  const [row] = await db
    .select({ date: workshopDates, discount: discountCodes })
    .from(workshopDates)
    .leftJoin(discountCodes, code ? and(eq(discountCodes.code, code), usableDiscount(now)) : sql`false`)
    .where(eq(workshopDates.id, workshopDateId))
    .limit(1);
  return row;
}

/** Server-side price of an offer; a code that cannot be used is a 400. */
export function quote({ date, code, discount }: Offer): { price: Price; discount: DiscountRow | null } {
  if (!code) return { price: priceSeat(date.priceCents), discount: null };
  if (!discount) throw discountInvalid();
  return { price: priceSeat(date.priceCents, discount.discountPercent), discount };
}

function priceResponse(price: Price, extra: Pick<PaymentIntentResponse, 'clientSecret' | 'paymentIntentId' | 'holdExpiresAt' | 'alreadyBooked'>): PaymentIntentResponse {
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

/**
 * Prices the seat on the server and, when there is something to pay, opens a payment with the
 * provider and holds a seat for SEAT_HOLD_MINUTES. Asking again with the same details within the
 * same window returns the same payment, so a reloaded checkout does not hold a second seat.
 */
export async function createPaymentIntent(
  deps: BookingDeps,
  input: { workshopDateId: number; customer: Customer; bookingId?: number; payToken?: string },
): Promise<PaymentIntentResponse> {
  const now = deps.now();
  if (input.bookingId !== undefined) return createIntentForReservation(deps, input.bookingId, input.payToken, now);

  const offer = await loadOffer(deps.db, input.workshopDateId, input.customer.discountCode, now, deps.onSeatsChanged);
  const { date } = offer;
  const { price, discount } = quote(offer);
  const alreadyBooked = await holdsSeatOn(deps.db, input.customer.email, date.id);
  if (price.finalCents === 0) return priceResponse(price, { clientSecret: null, paymentIntentId: null, holdExpiresAt: null, alreadyBooked });
  // No payment is opened for a seat that is not there: holds that have just run out are given
  // back first, and the date is read again.
  if (date.seatsTaken >= date.seatsTotal && !(await seatFreedByExpiredHolds(deps, date.id, now))) {
    throw new HttpError(409, SOLD_OUT_MESSAGE, 'sold_out');
  }

  const window = holdWindow(now);
  // The provider answers a reused key only for the very same parameters, so everything sent is
  // derived from what the key is made of (the address in lower case, not as typed this time).
  const email = input.customer.email.trim().toLowerCase();
  const idempotencyKey = createHash('sha256')
    .update([date.id, email, normaliseCode(input.customer.discountCode), price.finalCents, window].join('|'))
    .digest('hex');
  const intent = await deps.payments.createIntent({
    amountCents: price.finalCents,
    currency: 'usd',
    description: `${date.title} — ${date.isTBC ? 'date TBC' : `${date.date} ${date.time} ${date.timezone}`}`,
    receiptEmail: email,
    metadata: { workshopDateId: String(date.id), email },
    idempotencyKey,
  });

  const holdExpiresAt = new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000);
  try {
    const heldNow = await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(seatHolds).where(eq(seatHolds.paymentIntentId, intent.id)).for('update');
      // Asked again within the window: the same payment and the same hold, nothing new taken.
      if (existing?.status === 'held' || existing?.status === 'converted') return false;
      // A payment already settled (refunded) opens no new hold.
      const [settled] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, intent.id));
      if (settled && settled.status !== 'requires_payment') throw new HttpError(409, SOLD_OUT_MESSAGE, 'sold_out');
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
          // bookings.timeZone keeps a zone the rules know, else null: never a reason to refuse a booking.
          customer: { ...input.customer, timeZone: resolveTimeZone(input.customer.timeZone), originalCents: price.originalCents, discountCents: price.discountCents },
        })
        .onConflictDoNothing({ target: payments.providerPaymentId });
      return true;
    });
    if (heldNow) deps.onSeatsChanged?.();
  } catch (error) {
    await deps.payments.cancelIntent(intent.id).catch(() => undefined);
    throw error;
  }
  return priceResponse(price, { clientSecret: intent.clientSecret, paymentIntentId: intent.id, holdExpiresAt: holdExpiresAt.toISOString(), alreadyBooked });
}

/** Gives back holds that have run out; true when this date then has a seat free. */
async function seatFreedByExpiredHolds({ db, onSeatsChanged }: BookingDeps, workshopDateId: number, now: Date): Promise<boolean> {
  if ((await releaseExpiredHolds(db, now)) === 0) return false;
  onSeatsChanged?.();
  const [date] = await db.select({ seatsTaken: workshopDates.seatsTaken, seatsTotal: workshopDates.seatsTotal }).from(workshopDates).where(eq(workshopDates.id, workshopDateId));
  return date !== undefined && date.seatsTaken < date.seatsTotal;
}

/**
 * Whether this address already holds a seat on this date (reserved or confirmed), so the checkout
 * can say so before they pay for another (they may still want a second seat).
 */
async function holdsSeatOn(db: Database, email: string, workshopDateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, workshopDateId), sql`lower(${bookings.email}) = ${email.trim().toLowerCase()}`, inArray(bookings.status, [...SEAT_HOLDING_STATUSES])))
    .limit(1);
  return row !== undefined;
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
    reservationExpiresAt: booking.status === 'reserved' ? (booking.reservationExpiresAt?.toISOString() ?? null) : null,
  };
}

/**
 * Paying later for a reservation: its seat is already held and its price was fixed when reserved.
 * A reservation has one open payment at a time: asking again (a second tab, a later visit) gets
 * the same one while the provider still takes it, so one reservation cannot be charged twice.
 */
async function createIntentForReservation(deps: BookingDeps, bookingId: number, payToken: string | undefined, now: Date) {
  const booking = await bookingFromPayLink(deps, bookingId, payToken);
  if (!booking || booking.status !== 'reserved') throw new HttpError(409, NOT_PAYABLE_MESSAGE, 'not_payable');
  const [date] = await deps.db.select().from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId)).limit(1);
  if (!date?.isActive || (date.startsAt && date.startsAt <= now)) throw new HttpError(409, DATE_UNAVAILABLE_MESSAGE, 'date_unavailable');
  const price: Price = {
    originalCents: booking.originalPriceCents,
    discountCents: booking.discountAmountCents,
    finalCents: booking.finalPriceCents,
    discountPercent: booking.originalPriceCents ? Math.round((booking.discountAmountCents / booking.originalPriceCents) * 100) : 0,
  };
  const respond = (intent: PaymentIntent) =>
    priceResponse(price, { clientSecret: intent.clientSecret, paymentIntentId: intent.id, holdExpiresAt: null, alreadyBooked: false });

  const earlier = await deps.db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(payments.id);
  for (const payment of earlier.filter((row) => row.status === 'requires_payment')) {
    const intent = await deps.payments.retrieveIntent(payment.providerPaymentId);
    if (intent?.status === 'requires_payment' || intent?.status === 'processing') return respond(intent);
    if (intent?.status === 'succeeded') {
      // Paid, but not yet booked (the webhook is on its way): book it now rather than open another.
      await fulfilPayment(deps, payment.providerPaymentId);
      throw new HttpError(409, NOT_PAYABLE_MESSAGE, 'not_payable');
    }
  }
  const intent = await deps.payments.createIntent({
    amountCents: booking.finalPriceCents,
    currency: 'usd',
    description: `Reservation ${booking.id}`,
    receiptEmail: booking.email,
    metadata: { workshopDateId: String(booking.workshopDateId), email: booking.email, bookingId: String(booking.id) },
    // Concurrent requests share the key, so they share the intent; a new one only after the last closed.
    idempotencyKey: `reservation-${booking.id}-${earlier.length}`,
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
  return respond(intent);
}

/** Requests in the same hold window share a payment (idempotency key), so a retry holds no second seat. */
function holdWindow(now: Date): number {
  return Math.floor(now.getTime() / (SEAT_HOLD_MINUTES * 60_000));
}

type UnpaidOffer = { date: WorkshopDateRow; price: Price; discount: DiscountRow | null };

/** The booking row of a seat taken without a payment (free, or reserved to pay later). */
export async function insertUnpaidBooking(
  tx: Database,
  form: BookingForm,
  offer: UnpaidOffer,
  state: Pick<typeof bookings.$inferInsert, 'status' | 'paymentMode' | 'reservationExpiresAt' | 'reservationRemindedAt' | 'awaitingEmailConfirmation'>,
): Promise<BookingRow> {
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
      subscribedToNewsletter: form.subscribedToNewsletter,
      timeZone: resolveTimeZone(form.timeZone),
      ...state,
    })
    .returning();
  return row!;
}

/**
 * The code's use and the seat, taken last in the transaction that records the booking. Claiming
 * them locks the code's and the date's rows until COMMIT, and every buyer of that date queues on
 * them: taken first, they were held through the booking, the newsletter and the e-mail as well.
 * A refusal still undoes it all.
 */
export async function claimCodeAndSeat(tx: Database, deps: Pick<BookingDeps, 'now'>, offer: UnpaidOffer): Promise<void> {
  if (offer.discount) await claimDiscountUse(tx, offer.discount.id, deps.now());
  await takeSeat(tx, offer.date.id);
}

/**
 * A seat the discount code makes free: code use, seat, booking, newsletter and e-mails in one
 * transaction, so a refusal at any step leaves nothing behind.
 */
export async function bookFreeSeat(deps: BookingDeps, form: BookingForm, offer: UnpaidOffer): Promise<BookingRow> {
  const booking = await deps.db.transaction(async (tx) => {
    const row = await insertUnpaidBooking(tx, form, offer, { status: 'confirmed', paymentMode: 'pay_now' });
    await subscribeBooker(tx, form.email, form.subscribedToNewsletter);
    await queueBookingEmail(tx, deps, 'free', row, offer.date);
    await notifyOrganiserOfBooking(tx, deps, 'free', row, offer.date);
    await claimCodeAndSeat(tx, deps, offer);
    return row;
  });
  deps.onEmailQueued?.();
  deps.onSeatsChanged?.();
  return booking;
}

export const NOT_PAYABLE_MESSAGE = 'This booking has already been paid or cancelled.';
export const DATE_UNAVAILABLE_MESSAGE = 'This workshop date is no longer available, so this booking cannot be paid.';

/** A booking the discount code makes free. */
export async function createFreeBooking(deps: BookingDeps, form: BookingForm): Promise<BookingRow> {
  const offer = await loadOffer(deps.db, form.workshopDateId, form.discountCode, deps.now(), deps.onSeatsChanged);
  if (!offer.code) throw new HttpError(402, 'A free booking needs a discount code that covers the full price.', 'payment_required');
  const { price, discount } = quote(offer);
  if (price.finalCents !== 0 || !discount) throw new HttpError(402, 'This discount code does not cover the full price. Please pay by card.', 'payment_required');
  return bookFreeSeat(deps, form, { date: offer.date, price, discount });
}
