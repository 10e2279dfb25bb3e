import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import type { Database } from '../../../server/db/client';
import { bookings, orders, payments } from '../../../server/db/schema';
import type { PaymentIntentResponse } from '../booking.schema';
import type { Attendee } from '../booking.schema';
import type { BookingDeps } from './booking-deps';
import { priceResponse } from './booking-response';
import { claimDiscountUse, normaliseCode } from './discounts';
import { loadOffer, quote, refuseWithoutSeats } from './offer';
import { attendeesFor, insertOrder, orderTotalCents, type Buyer, type OrderRequest, type OrderRow, type WorkshopDateRow } from './orders';
import { openReservationPayment } from './pay-reservation-link';
import type { Price } from './pricing';
import { endHold, SEAT_HOLD_MINUTES, takeSeats } from './seats';

export type CheckoutRequest = {
  workshopDateId: number;
  customer: Buyer & { discountCode: string };
  seats: number;
  attendees: Attendee[];
  checkoutKey?: string;
  /** Paying later for a reservation: its booking and the pay link's signed token. */
  bookingId?: number;
  payToken?: string;
};

/**
 * Pay now: the order is written first, pending and holding its seats (and its code's uses) for
 * SEAT_HOLD_MINUTES, and only then is the provider's payment opened, keyed to that order. Asking
 * again for the same checkout while its order waits (a double click, a reload: the same
 * checkoutKey, or the same details within the hold's window from a caller that sends none)
 * answers the same order and the same payment; once that order is paid, the same details open a
 * new order, so one person can buy twice on purpose. Nothing to pay (a code that makes it free)
 * opens nothing: the free order is placed by POST /api/bookings.
 */
export async function createPaymentIntent(deps: BookingDeps, input: CheckoutRequest): Promise<PaymentIntentResponse> {
  const now = deps.now();
  if (input.bookingId !== undefined) return openReservationPayment(deps, input.bookingId, input.payToken, now);

  const offer = await loadOffer(deps.db, input.workshopDateId, input.customer.discountCode, now, deps.onSeatsChanged, input.seats);
  const { date } = offer;
  const { price, discount } = quote(offer);
  const request: OrderRequest = { date, buyer: input.customer, seats: input.seats, attendees: input.attendees, price, discount };
  attendeesFor(request);
  const alreadyBooked = await holdsSeatOn(deps.db, input.customer.email, date.id);
  if (price.finalCents === 0) return priceResponse(price, input.seats, { clientSecret: null, paymentIntentId: null, holdExpiresAt: null, alreadyBooked, orderId: null });
  // No payment is opened for seats that are not there.
  await refuseWithoutSeats(deps, offer, input.seats, now);

  const checkoutKey = input.checkoutKey ? `checkout:${input.checkoutKey}` : detailsKey(request, now);
  const { order, replaced } = await holdOrder(deps, request, checkoutKey, now);
  for (const earlier of replaced) await deps.payments.cancelIntent(earlier).catch(() => undefined);
  return openOrderPayment(deps, order, date, price, alreadyBooked);
}

/**
 * The pending order for this checkout: the one already waiting under its key, or a new one that
 * takes its seats and code uses. A waiting order for different details (the buyer changed the
 * number of seats and paid again) gives its seats back first; its payment is cancelled after.
 */
async function holdOrder(deps: BookingDeps, request: OrderRequest, checkoutKey: string, now: Date): Promise<{ order: OrderRow; replaced: string[] }> {
  const holdExpiresAt = new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000);
  let seatsChanged = false;
  const result = await deps.db.transaction(async (tx) => {
    const replaced: string[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const [waiting] = await tx.select().from(orders).where(and(eq(orders.checkoutKey, checkoutKey), eq(orders.status, 'pending'))).for('update');
      if (waiting && sameOrder(waiting, request)) return { order: waiting, replaced };
      if (waiting) {
        seatsChanged = await endHold(tx, waiting, 'void');
        const open = await tx.select({ id: payments.providerPaymentId }).from(payments).where(eq(payments.orderId, waiting.id));
        replaced.push(...open.map((payment) => payment.id));
      }
      const order = await insertOrder(tx, request, { status: 'pending', paymentMode: 'pay_now', holdExpiresAt, checkoutKey });
      // Another request for this checkout wrote its order first: answer that one.
      if (!order) continue;
      await takeSeats(tx, request.date.id, request.seats);
      if (request.discount) await claimDiscountUse(tx, request.discount.id, now, request.seats);
      seatsChanged = true;
      return { order, replaced };
    }
    throw new Error(`checkout ${checkoutKey} kept changing while it was opened`);
  });
  if (seatsChanged) deps.onSeatsChanged?.();
  return result;
}

function sameOrder(order: OrderRow, request: OrderRequest): boolean {
  return (
    order.workshopDateId === request.date.id &&
    order.seats === request.seats &&
    order.seatFinalCents === request.price.finalCents &&
    sameAttendees(order.attendees, attendeesFor(request))
  );
}

/**
 * Field by field: the stored list comes back from jsonb, which keeps an object's keys in its own
 * order, so comparing the two as JSON text would never match. Addresses in lower case, as the
 * details key reads them.
 */
export function sameAttendees(stored: OrderRow['attendees'], asked: Attendee[]): boolean {
  const address = (email: string) => email.trim().toLowerCase();
  return (
    stored.length === asked.length &&
    stored.every((person, seat) => {
      const other = asked[seat]!;
      return person.firstName === other.firstName && person.lastName === other.lastName && address(person.email) === address(other.email);
    })
  );
}

/**
 * Opens (or opens again: the provider answers the same key with the same payment) the payment of
 * a pending order. When the provider cannot be reached the order gives its seats back at once.
 */
export async function openOrderPayment(deps: BookingDeps, order: OrderRow, date: WorkshopDateRow, price: Price, alreadyBooked: boolean): Promise<PaymentIntentResponse> {
  const amountCents = orderTotalCents(order);
  let intent;
  try {
    intent = await deps.payments.createIntent({
      amountCents,
      currency: 'usd',
      description: paymentDescription(date, order),
      receiptEmail: order.buyerEmail.trim().toLowerCase(),
      metadata: { workshopDateId: String(order.workshopDateId), orderId: String(order.id), orderReference: order.reference },
      idempotencyKey: `order-${order.id}`,
    });
  } catch (error) {
    await voidPendingOrder(deps, order.id);
    throw error;
  }
  await deps.db
    .insert(payments)
    .values({ provider: deps.payments.name, providerPaymentId: intent.id, workshopDateId: order.workshopDateId, orderId: order.id, amountCents, discountCodeId: order.discountCodeId })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  return priceResponse(price, order.seats, {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
    alreadyBooked,
    orderId: order.id,
  });
}

/**
 * What the buyer's statement and the provider's dashboard show: the workshop and when it is (or
 * "date TBC"), then the order's reference and its seats.
 */
function paymentDescription(date: WorkshopDateRow, order: OrderRow): string {
  const when = date.isTBC ? 'date TBC' : `${date.date} ${date.time} ${date.timezone}`;
  return `${date.title} — ${when} · Order ${order.reference}: ${order.seats} seat${order.seats === 1 ? '' : 's'}`;
}

/** A pending order whose payment could not be opened: its seats go back now, not at expiry. */
async function voidPendingOrder(deps: BookingDeps, orderId: number): Promise<void> {
  const gaveBack = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order?.status !== 'pending') return false;
    const [opened] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
    // A payment that was opened for it before (a double click) may still be paid: keep the hold.
    if (opened) return false;
    return endHold(tx, order, 'void');
  });
  if (gaveBack) deps.onSeatsChanged?.();
}

/**
 * A caller that sends no checkout key: the same details within the same hold window are the same
 * checkout (the address in lower case, not as typed this time).
 */
function detailsKey(request: OrderRequest, now: Date): string {
  const window = Math.floor(now.getTime() / (SEAT_HOLD_MINUTES * 60_000));
  const attendees = attendeesFor(request).map((person) => `${person.firstName}/${person.lastName}/${person.email.trim().toLowerCase()}`);
  return createHash('sha256')
    .update([request.date.id, request.buyer.email.trim().toLowerCase(), normaliseCode(request.discount?.code), request.seats, request.price.finalCents, window, ...attendees].join('|'))
    .digest('hex');
}

/**
 * Whether this address already holds a seat on this date (reserved or confirmed), so the checkout
 * can say so before they pay for another (they may still want a second seat).
 */
async function holdsSeatOn(db: Database, email: string, workshopDateId: number): Promise<boolean> {
  let query = holdsSeatQueries.get(db);
  if (!query) holdsSeatQueries.set(db, (query = holdsSeatQuery(db)));
  const [row] = await query.execute({ workshopDateId, email: email.trim().toLowerCase() });
  return row !== undefined;
}

/**
 * holdsSeatOn's query, built once per database (every price request runs it, and Drizzle building
 * it cost about what sending it did); PostgreSQL gets the same unnamed statement as before.
 */
function holdsSeatQuery(db: Database) {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, sql.placeholder('workshopDateId')), sql`lower(${bookings.email}) = ${sql.placeholder('email')}`, inArray(bookings.status, [...SEAT_HOLDING_STATUSES])))
    .limit(1)
    .prepare('');
}

const holdsSeatQueries = new WeakMap<Database, ReturnType<typeof holdsSeatQuery>>();
