import { centsToDollars, formatUsd } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { enqueueEmail } from '../../../server/email/outbox';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { renderTemplate } from '../../../server/email/templates';
import { renderEmail } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { claimLinkFor, notifyOrganiserOfBooking, queueBookingEmail, whenText, type BookingEmailKind } from './booking-emails';
import type { BookingDeps } from './booking-deps';
import type { BookingRow, OrderRow, PlacedOrder, WorkshopDateRow } from './orders';

type EmailDeps = Pick<BookingDeps, 'publicUrl'> & Partial<Pick<BookingDeps, 'now'>>;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const buyerName = (order: OrderRow) => `${order.buyerFirstName} ${order.buyerLastName}`.trim();

/**
 * The name a seat's e-mail gives as who bought it for them: the buyer's, unless the seat is the
 * buyer's own (then the e-mail says what they paid instead).
 */
export function boughtByFor(seat: { email: string }, order: OrderRow): string | undefined {
  return sameAddress(seat.email, order.buyerEmail) ? undefined : buyerName(order);
}

/**
 * The e-mails of an order just placed or paid. Each named seat's person gets their own
 * confirmation with their own sign-in link and calendar event, so an address on several seats gets
 * one per seat; the buyer gets one order confirmation listing every seat, with the claim link of
 * each unnamed one, unless the order is simply their own single seat (its confirmation says it
 * all). A reservation is one e-mail to its buyer: its link confirms, and later pays, every seat.
 */
export async function queueOrderEmails(tx: Database, deps: EmailDeps, kind: BookingEmailKind, placed: PlacedOrder, date: WorkshopDateRow): Promise<void> {
  const { order, seats } = placed;
  if (kind === 'reserved') {
    const first = seats[0]!;
    await queueBookingEmail(tx, deps, kind, { ...first, firstName: order.buyerFirstName, lastName: order.buyerLastName, email: order.buyerEmail }, date);
    return;
  }
  for (const seat of seats) {
    if (seat.named) await queueBookingEmail(tx, deps, kind, seat, date, boughtByFor(seat, order));
  }
  const onlyTheBuyersSeat = seats.length === 1 && seats[0]!.named && sameAddress(seats[0]!.email, order.buyerEmail);
  if (!onlyTheBuyersSeat) await queueOrderConfirmation(tx, deps, kind, placed, date);
}

const ORDER_PAYMENT_LINES: Record<Exclude<BookingEmailKind, 'reserved'>, string> = {
  paid: '<p>Thank you — your payment of <strong>{{amount}}</strong> went through and your {{seatCount}} confirmed.</p>',
  free: '<p>Your discount code covers the full price, so your {{seatCount}} confirmed free of charge.</p>',
};
const ORDER_DETAILS =
  '<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>{{workshopTitle}}</td></tr><tr><td><strong>When</strong></td><td>{{when}}</td></tr><tr><td><strong>Order</strong></td><td>{{orderReference}}</td></tr></table>';

/** One line per seat: the person on it, or the link that lets a colleague claim it. */
function seatLine(seat: BookingRow, tokens: SealedTokens, publicUrl: string): string {
  if (seat.named) return renderTemplate('<li>{{name}} ({{email}})</li>', { name: `${seat.firstName} ${seat.lastName}`, email: seat.email }, { html: true });
  return renderTemplate('<li>Unnamed seat: <a href="{{link}}">link to claim it</a></li>', { link: claimLinkFor(tokens, publicUrl, seat) }, { html: true });
}

/** The buyer's order confirmation ('order-confirmation' template). */
async function queueOrderConfirmation(tx: Database, deps: EmailDeps, kind: Exclude<BookingEmailKind, 'reserved'>, { order, seats }: PlacedOrder, date: WorkshopDateRow): Promise<void> {
  const tokens = new SealedTokens();
  const paidCents = seats.reduce((total, seat) => total + seat.finalPriceCents, 0);
  const values = {
    firstName: order.buyerFirstName,
    workshopTitle: date.title,
    when: whenText(date, order.timeZone),
    orderReference: order.reference,
    seatCount: seats.length === 1 ? '1 seat is' : `${seats.length} seats are`,
    amount: formatUsd(centsToDollars(paidCents)),
    participantLink: participantLinkFor(tokens, deps.publicUrl, order.buyerEmail),
  };
  const trustedHtml = {
    paymentLine: renderTemplate(ORDER_PAYMENT_LINES[kind], values, { html: true }),
    details: renderTemplate(ORDER_DETAILS, values, { html: true }),
    seatList: `<ol>${seats.map((seat) => seatLine(seat, tokens, deps.publicUrl)).join('')}</ol>`,
  };
  const email = await renderEmail(tx, 'order-confirmation', { ...values, seatCount: seats.length === 1 ? '1 seat' : `${seats.length} seats` }, { trustedHtml });
  if (!email) return;
  await enqueueEmail(tx, { to: order.buyerEmail, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: `order-${kind}`, tokens: tokens.tokens });
}

/** The organiser hears of an order once, whatever its number of seats. */
export async function notifyOrganiserOfOrder(tx: Database, deps: Pick<BookingDeps, 'publicUrl'>, kind: BookingEmailKind, { order, seats }: PlacedOrder, date: WorkshopDateRow): Promise<void> {
  const first = seats[0]!;
  await notifyOrganiserOfBooking(tx, deps, kind, { ...first, firstName: order.buyerFirstName, lastName: order.buyerLastName, email: order.buyerEmail }, date, seats.length);
}
