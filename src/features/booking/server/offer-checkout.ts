import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { orders, payments, waitlistEntries } from '../../../server/db/schema';
import { readToken } from '../../../server/lib/signed-token';
import { HttpError } from '../../../server/plugins/error-handler';
import type { Attendee, PaymentIntentResponse } from '../booking.schema';
import type { BookingDeps } from './booking-deps';
import { claimDiscountUse, discountInvalid } from './discounts';
import { lockEntry, type WaitlistEntryRow } from './freed-seats';
import { loadOffer } from './offer';
import { attendeesFor, insertOrder, type Buyer, type OrderRequest, type OrderRow } from './orders';
import { endHold } from './seats';
import { openOrderPayment, sameAttendees } from './open-checkout';
import { priceSeat } from './pricing';

/** What the checkout of an offer may say; what it leaves out, the offer says (its date, its seats, its person). */
export type OfferCheckoutRequest = {
  workshopDateId?: number;
  customerInfo?: Pick<Buyer, 'firstName' | 'lastName' | 'email' | 'company'>;
  discountCode: string;
  subscribedToNewsletter: boolean;
  timeZone?: string;
  seats?: number;
  attendees: Attendee[];
};

/** What a waiting-list link's token is signed for: the entry's id; its leave link and its offer link share it. */
export const WAITLIST_TOKEN_PURPOSE = 'waitlist-entry';

export const OFFER_LINK_INVALID = 'This waiting-list link is not valid. Please use the link from your latest e-mail.';
export const OFFER_ENDED = 'This offer has ended, so its seats went to the next person waiting. You can join the waiting list again.';
export const OFFER_BOOKED = 'These seats are booked already: see your e-mail for the confirmation.';
export const OFFER_NOT_FREE = 'An offer from the waiting list is paid by card: a code that covers the whole price cannot be used with it.';
export const offerSeatsExceeded = (seats: number) => `This offer holds ${seats === 1 ? '1 seat' : `${seats} seats`}: book that many or fewer.`;

/**
 * The entry a waiting-list link names, when its token is genuine. Its expiry is not what decides:
 * the entry's own state does (an offer holds until its deadline, a place in line until it closes),
 * so a link that has run out still says what became of the entry.
 */
export async function entryOfToken(db: Database, secret: string, token: string): Promise<WaitlistEntryRow | undefined> {
  const subject = readToken(secret, WAITLIST_TOKEN_PURPOSE, token)?.subject ?? null;
  const id = subject === null ? NaN : Number(subject);
  if (!Number.isSafeInteger(id)) return undefined;
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1);
  return entry;
}

/** Why an entry's offer cannot be booked now, or null when it can. */
function offerProblem(entry: WaitlistEntryRow | undefined, now: Date): HttpError | null {
  if (!entry) return new HttpError(410, OFFER_LINK_INVALID, 'offer_invalid');
  if (entry.status === 'booked') return new HttpError(409, OFFER_BOOKED, 'offer_booked');
  if (entry.status !== 'offered' || !entry.offerExpiresAt || entry.offerExpiresAt <= now) return new HttpError(410, OFFER_ENDED, 'offer_ended');
  return null;
}

/**
 * POST /api/create-payment-intent with `waitlistOffer`: books the seats an offer holds, at a seat's
 * price when the offer was made (a discount code still applies). The order is pending until the
 * offer's deadline and holds no seats of its own: they stay the offer's, so a checkout opened
 * twice, replaced or whose payment could not be opened takes nothing from anyone, and paying turns
 * them into the order's seats (bookOffer). Fewer seats than offered may be booked; the rest go on
 * to the next in line when the order is paid.
 */
export async function openOfferCheckout(deps: BookingDeps, input: OfferCheckoutRequest, token: string): Promise<PaymentIntentResponse> {
  const now = deps.now();
  const entry = await entryOfToken(deps.db, deps.secret, token);
  const problem = offerProblem(entry, now);
  if (problem) throw problem;
  const { workshopDateId, seats: offered } = entry as WaitlistEntryRow & { workshopDateId: number };
  if (input.workshopDateId !== undefined && input.workshopDateId !== workshopDateId) throw new HttpError(410, OFFER_LINK_INVALID, 'offer_invalid');
  const seats = input.seats ?? offered;
  if (seats > offered) throw new HttpError(409, offerSeatsExceeded(offered), 'offer_seats');
  const person = input.customerInfo ?? { firstName: entry!.firstName, lastName: entry!.lastName, email: entry!.email, company: '' };
  const buyer = { ...person, subscribedToNewsletter: input.subscribedToNewsletter, timeZone: input.timeZone ?? entry!.timeZone ?? undefined };

  const offer = await loadOffer(deps.db, workshopDateId, input.discountCode, now, deps.onSeatsChanged, seats);
  if (offer.code && !offer.discount) throw discountInvalid();
  const price = priceSeat(entry!.offerSeatCents!, offer.discount?.discountPercent ?? 0);
  if (price.finalCents === 0) throw new HttpError(409, OFFER_NOT_FREE, 'offer_not_free');
  const request: OrderRequest = { date: offer.date, buyer, seats, attendees: input.attendees, price, discount: offer.discount };
  attendeesFor(request);

  const order = await holdOfferOrder(deps, entry!.id, request, now);
  return openOrderPayment(deps, order, offer.date, price, false);
}

/**
 * The offer's pending order: the one already open for the same details, or a new one (an earlier
 * one for other details is voided; its payment is cancelled by the provider's expiry, and if it is
 * paid anyway it is refunded as a void order's).
 */
async function holdOfferOrder(deps: BookingDeps, entryId: number, request: OrderRequest, now: Date): Promise<OrderRow> {
  const { order, replaced } = await deps.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    const problem = offerProblem(entry, now);
    if (problem) throw problem;
    const replaced: string[] = [];
    if (entry!.orderId !== null) {
      const [open] = await tx.select().from(orders).where(and(eq(orders.id, entry!.orderId), eq(orders.status, 'pending'))).for('update');
      if (open && sameRequest(open, request)) return { order: open, replaced };
      if (open) {
        await endHold(tx, open, 'void', now);
        const opened = await tx.select({ id: payments.providerPaymentId }).from(payments).where(eq(payments.orderId, open.id));
        replaced.push(...opened.map((payment) => payment.id));
      }
    }
    const placed = await insertOrder(tx, request, { status: 'pending', paymentMode: 'pay_now', holdExpiresAt: entry!.offerExpiresAt });
    if (request.discount) await claimDiscountUse(tx, request.discount.id, now, request.seats);
    await tx.update(waitlistEntries).set({ orderId: placed!.id }).where(eq(waitlistEntries.id, entryId));
    return { order: placed!, replaced };
  });
  for (const earlier of replaced) await deps.payments.cancelIntent(earlier).catch(() => undefined);
  return order;
}

function sameRequest(order: OrderRow, request: OrderRequest): boolean {
  return order.seats === request.seats && order.seatFinalCents === request.price.finalCents && sameAttendees(order.attendees, attendeesFor(request));
}
