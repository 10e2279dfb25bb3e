import { queueTogether } from '../../../server/email/outbox';
import { HttpError } from '../../../server/plugins/error-handler';
import type { BookingForm } from '../booking.schema';
import type { BookingDeps } from './booking-deps';
import { claimDiscountUse } from './discounts';
import { subscribeBooker } from './newsletter-signup';
import { loadOffer, quote } from './offer';
import { queueOrderEmails } from './order-emails';
import { insertOrder, insertSeats, type OrderRequest, type PlacedOrder } from './orders';
import { seatsLeftOn, takeSeats } from './seats';

/** The order a booking form asks for, at the server's price. */
export function orderRequestFrom(form: BookingForm, offer: Pick<OrderRequest, 'date' | 'price' | 'discount'>): OrderRequest {
  const { firstName, lastName, email, company, subscribedToNewsletter, timeZone } = form;
  return { ...offer, buyer: { firstName, lastName, email, company, subscribedToNewsletter, timeZone }, seats: form.seats, attendees: form.attendees };
}

/**
 * The code's uses and the seats, taken last in the transaction that records the order. Claiming
 * them locks the code's and the date's rows until COMMIT, and every buyer of that date queues on
 * them: taken first, they were held through the order, the newsletter and the e-mail as well.
 * A refusal still undoes it all.
 */
export async function claimCodeAndSeats(tx: Parameters<typeof takeSeats>[0], deps: Pick<BookingDeps, 'now'>, request: OrderRequest): Promise<void> {
  if (request.discount) await claimDiscountUse(tx, request.discount.id, deps.now(), request.seats);
  await takeSeats(tx, request.date.id, request.seats);
}

/**
 * An order the discount code makes free: code uses, seats, order, bookings, newsletter and
 * e-mails in one transaction, so a refusal at any step leaves nothing behind.
 */
export async function placeFreeOrder(deps: BookingDeps, request: OrderRequest): Promise<PlacedOrder> {
  const placed = await deps.db.transaction(async (tx) => {
    const order = (await insertOrder(tx, request, { status: 'placed', paymentMode: 'pay_now' }))!;
    const seats = await insertSeats(tx, order, { status: 'confirmed', isPaid: false });
    await subscribeBooker(tx, order.buyerEmail, order.subscribedToNewsletter);
    // The order's e-mails from one read of their templates, written in one statement.
    await deps.mail.preloadOrderTemplates(tx);
    await queueTogether(tx, async () => {
      await queueOrderEmails(tx, deps, 'free', { order, seats }, request.date);
      // The date as read before its seats are claimed below.
      await deps.mail.orderToOrganiser(tx, 'free', { order, seats }, request.date, seatsLeftOn(request.date, request.seats));
    });
    await claimCodeAndSeats(tx, deps, request);
    return { order, seats };
  });
  deps.onEmailQueued?.();
  deps.onSeatsChanged?.();
  return placed;
}

/** POST /api/bookings with 'free-booking': an order the discount code makes free. */
export async function createFreeBooking(deps: BookingDeps, form: BookingForm): Promise<PlacedOrder> {
  const offer = await loadOffer(deps.db, form.workshopDateId, form.discountCode, deps.now(), deps.onSeatsChanged, form.seats);
  if (!offer.code) throw new HttpError(402, 'A free booking needs a discount code that covers the full price.', 'payment_required');
  const { price, discount } = quote(offer);
  if (price.finalCents !== 0 || !discount) throw new HttpError(402, 'This discount code does not cover the full price. Please pay by card.', 'payment_required');
  return placeFreeOrder(deps, orderRequestFrom(form, { date: offer.date, price, discount }));
}
