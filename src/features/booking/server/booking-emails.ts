import { eq } from 'drizzle-orm';
import { formatUsd, centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { type bookings, workshopDates } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import { renderTemplate } from '../../../server/email/templates';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { tokenFor, type TokenSigner } from '../../../server/lib/signed-token';
import { bookingIcsAttachment } from '../../calendar/server';
import { workshopWhenFor } from '../../../common/workshop-time';
import { formatInstant } from '../../../common/time-zones';
import type { EmailTemplateType } from '../../email-templates';
import { renderEmail, type TemplateValues } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { adminSectionUrl, notifyOrganiser } from '../../settings/server';
import type { BookingDeps } from './booking-deps';
import type { WorkshopDateRow } from './orders';

type BookingRow = typeof bookings.$inferSelect;

export const PAY_LINK_PURPOSE = 'pay-reservation';
const PAY_LINK_TTL_MS = 60 * 86_400_000;

/**
 * The link in a reservation e-mail: the checkout, for this booking, signed (by the e-mail's
 * SealedTokens when it goes to the outbox, so the table holds no token that pays).
 */
export function payLinkFor(signer: string | TokenSigner, publicUrl: string, bookingId: number, now = Date.now()): string {
  const token = tokenFor(signer, PAY_LINK_PURPOSE, String(bookingId), PAY_LINK_TTL_MS, now);
  return `${publicUrl}/checkout?booking=${bookingId}&token=${encodeURIComponent(token)}`;
}

export const RESERVATION_CONFIRM_PURPOSE = 'confirm-reservation';
/**
 * The confirm link outlives the short hold it ends (the server answers a late click by saying the
 * seat went back on sale), but not by long: it is not a key to the booking.
 */
const RESERVATION_CONFIRM_TTL_MS = 86_400_000;

/** The link that confirms a reservation's address: the confirmation page, which sends it to the server. */
export function reservationConfirmLinkFor(signer: string | TokenSigner, publicUrl: string, bookingId: number, now = Date.now()): string {
  const token = tokenFor(signer, RESERVATION_CONFIRM_PURPOSE, String(bookingId), RESERVATION_CONFIRM_TTL_MS, now);
  return `${publicUrl}/booking/confirmed?booking=${bookingId}&confirm=${encodeURIComponent(token)}`;
}

export const CLAIM_PURPOSE = 'claim-seat';
/** A claim link lasts long enough to be forwarded around a company; the seat's start ends it sooner. */
const CLAIM_LINK_TTL_MS = 180 * 86_400_000;

/**
 * The link a colleague opens to put their own name on an unnamed seat (`/claim/{token}`): it names
 * the seat and its claim version, so revoking it (or the seat being claimed) ends every copy.
 */
export function claimLinkFor(signer: string | TokenSigner, publicUrl: string, seat: { id: number; claimVersion: number }, now = Date.now()): string {
  const token = tokenFor(signer, CLAIM_PURPOSE, `${seat.id}.${seat.claimVersion}`, CLAIM_LINK_TTL_MS, now);
  return `${publicUrl}/claim/${encodeURIComponent(token)}`;
}

export type BookingEmailKind = 'paid' | 'free' | 'reserved';

/**
 * The texts are the admin's e-mail templates (src/features/email-templates): 'booking-confirmation'
 * for a paid or free seat, 'booking-reservation' for a seat held to pay later. A template that is
 * switched off means no e-mail; the booking itself is unaffected.
 */
const PAYMENT_LINES: Record<Exclude<BookingEmailKind, 'reserved'>, string> = {
  paid: '<p>Thank you — your payment of <strong>{{amount}}</strong> went through and your seat is confirmed.</p>',
  free: '<p>Your discount code covers the full price, so your seat is confirmed free of charge.</p>',
};

/** A seat someone else bought: who booked it for them; what they paid is the buyer's business. */
const BOUGHT_FOR_YOU_LINE = '<p>{{buyerName}} booked this seat for you, so it is confirmed.</p>';

/** A seat's details, in every e-mail about one seat (confirmed, reserved, claimed, moved). */
export const DETAILS_TABLE =
  '<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>{{workshopTitle}}</td></tr><tr><td><strong>When</strong></td><td>{{when}}</td></tr><tr><td><strong>Booking</strong></td><td>#{{bookingId}}</td></tr></table>';

/**
 * 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you': the organiser's
 * time and, beside it, the booker's in the zone they chose when booking (bookings.timeZone).
 */
export function whenText(date: WorkshopDateRow, viewerZone: string | null): string {
  if (date.isTBC || !date.date) return 'Date to be set via participant poll';
  return workshopWhenFor(date, viewerZone) ?? `${date.date}, ${date.time} ${date.timezone}`;
}

/**
 * Writes the booking's e-mail to the outbox inside the caller's transaction, unless its template
 * is off (answers whether it queued one). A caller that has just loaded the booking's date passes
 * it, saving a read per booking. A reservation whose address is not confirmed yet gets the link
 * to confirm it instead of its pay link, whoever sends it (a new reservation, a resend, a move).
 */
export async function queueBookingEmail(
  tx: Database,
  deps: Pick<BookingDeps, 'publicUrl'> & Partial<Pick<BookingDeps, 'now'>>,
  kind: BookingEmailKind,
  booking: BookingRow,
  loadedDate?: WorkshopDateRow,
  /** The buyer's name when someone else bought this seat: the e-mail then says so, and names no price. */
  boughtBy?: string,
): Promise<boolean> {
  const date = loadedDate ?? (await tx.select().from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId)).limit(1))[0];
  if (kind === 'reserved' && booking.awaitingEmailConfirmation && date) return queueReservationConfirmEmail(tx, deps, booking, date);
  const tokens = new SealedTokens();
  const values = {
    firstName: booking.firstName,
    lastName: booking.lastName,
    workshopTitle: date?.title ?? 'your workshop',
    when: date ? whenText(date, booking.timeZone) : '',
    amount: formatUsd(centsToDollars(booking.finalPriceCents)),
    bookingId: booking.id,
    payLink: payLinkFor(tokens, deps.publicUrl, booking.id),
    // The participant's sign-in link (CONTRACT §5): the same one 'Access Your Bookings' e-mails.
    participantLink: participantLinkFor(tokens, deps.publicUrl, booking.email),
  };
  // Markup we build, with the visitor's values escaped inside it.
  const trustedHtml: Record<string, string> = { details: renderTemplate(DETAILS_TABLE, values, { html: true }) };
  if (kind !== 'reserved') {
    trustedHtml.paymentLine = boughtBy
      ? renderTemplate(BOUGHT_FOR_YOU_LINE, { buyerName: boughtBy }, { html: true })
      : renderTemplate(PAYMENT_LINES[kind], values, { html: true });
  }
  const email = await renderEmail(tx, kind === 'reserved' ? 'booking-reservation' : 'booking-confirmation', values, { trustedHtml });
  if (!email) return false;
  // A confirmed seat comes with its calendar event, once the workshop has a date.
  const calendarFile = kind !== 'reserved' && date ? bookingIcsAttachment(booking, date, deps.publicUrl) : null;
  await enqueueEmail(tx, {
    to: booking.email,
    bcc: email.bcc,
    subject: email.subject,
    html: email.html,
    text: email.text,
    kind: `booking-${kind}`,
    attachments: calendarFile ? [calendarFile] : undefined,
    tokens: tokens.tokens,
  });
  return true;
}

const NEW_BOOKING_WORDS: Record<BookingEmailKind, { subject: string; summary: string }> = {
  paid: { subject: 'New booking', summary: 'A seat was booked and paid for.' },
  free: { subject: 'New booking (free)', summary: 'A seat was booked free of charge with a discount code.' },
  reserved: { subject: 'New reservation', summary: 'A seat was reserved, to be paid later.' },
};

/**
 * Tells the organiser of a new booking or reservation (issue 18), in the transaction that made
 * it; nothing when they switched it off. Not for a resent confirmation or a moved booking.
 */
/**
 * A confirmed seat an admin moved to another date: says from when to when, and carries the event
 * again with the same UID and a higher SEQUENCE (the row's calendarSequence, counted up by the
 * move), so a calendar that took the first file moves the event. It names no payment: nothing
 * about the money changed.
 */
export async function queueSeatMovedEmail(
  tx: Database,
  deps: Pick<BookingDeps, 'publicUrl'>,
  seat: BookingRow,
  from: WorkshopDateRow,
  to: WorkshopDateRow,
): Promise<boolean> {
  const tokens = new SealedTokens();
  const values = {
    firstName: seat.firstName,
    workshopTitle: to.title,
    fromWhen: whenText(from, seat.timeZone),
    when: whenText(to, seat.timeZone),
    bookingId: seat.id,
    participantLink: participantLinkFor(tokens, deps.publicUrl, seat.email),
  };
  const email = await renderEmail(tx, 'booking-moved', values, { trustedHtml: { details: renderTemplate(DETAILS_TABLE, values, { html: true }) } });
  if (!email) return false;
  const calendarFile = bookingIcsAttachment(seat, to, deps.publicUrl);
  await enqueueEmail(tx, {
    to: seat.email,
    bcc: email.bcc,
    subject: email.subject,
    html: email.html,
    text: email.text,
    kind: 'booking-moved',
    attachments: calendarFile ? [calendarFile] : undefined,
    tokens: tokens.tokens,
  });
  return true;
}

export async function notifyOrganiserOfBooking(
  tx: Database,
  deps: Pick<BookingDeps, 'publicUrl'>,
  kind: BookingEmailKind,
  booking: BookingRow,
  date: WorkshopDateRow | undefined,
  seats = 1,
): Promise<void> {
  const words = NEW_BOOKING_WORDS[kind];
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  await notifyOrganiser(tx, {
    about: 'notifyNewBooking',
    subject: `${words.subject}: ${date?.title ?? 'a workshop'} — ${name}`,
    summary: words.summary,
    details: [
      ['Who', `${name} <${booking.email}>${booking.company ? `, ${booking.company}` : ''}`],
      ['Workshop', date?.title ?? ''],
      ['When', date ? whenText(date, null) : ''],
      ['Price', booking.discountAmountCents > 0 ? `${formatUsd(centsToDollars(booking.finalPriceCents * seats))} (${formatUsd(centsToDollars(booking.discountAmountCents * seats))} off)` : formatUsd(centsToDollars(booking.finalPriceCents * seats))],
      ['Booking', `#${booking.id}`],
      ...(seats > 1 ? [['Seats', String(seats)] as [string, string]] : []),
    ],
    link: { href: adminSectionUrl(deps.publicUrl, 'bookings'), label: 'Open Bookings' },
  });
}

/** Renders a template for one recipient and queues it, unless the template is switched off (answers whether it queued). */
async function queueTemplated(tx: Database, type: EmailTemplateType, to: string, values: TemplateValues, tokens?: SealedTokens): Promise<boolean> {
  const email = await renderEmail(tx, type, values);
  if (!email) return false;
  await enqueueEmail(tx, { to, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: type, tokens: tokens?.tokens });
  return true;
}

/**
 * Tells the payer their payment was refunded in full because it could not become a booking
 * (RefundReason in payment-refunds.ts). A seat lost while paying keeps its own template.
 */
export async function queuePaymentRefundedEmail(
  tx: Database,
  refund: { email: string; amountCents: number; workshopDateId: number; refundId: string; reason: string; soldOut: boolean },
) {
  const [date] = await tx.select({ title: workshopDates.title }).from(workshopDates).where(eq(workshopDates.id, refund.workshopDateId)).limit(1);
  const values = { workshopTitle: date?.title ?? 'the workshop', amount: formatUsd(centsToDollars(refund.amountCents)), refundId: refund.refundId, reason: refund.reason };
  await queueTemplated(tx, refund.soldOut ? 'booking-sold-out-refund' : 'payment-refunded', refund.email, values);
}

/** A day before an unpaid reservation runs out: the pay link again. */
export async function queueReservationReminderEmail(tx: Database, deps: Pick<BookingDeps, 'publicUrl'>, booking: BookingRow, date: WorkshopDateRow) {
  const tokens = new SealedTokens();
  const values = {
    firstName: booking.firstName,
    workshopTitle: date.title,
    when: whenText(date, booking.timeZone),
    // On the reader's clock: the zone they booked in, else the workshop's.
    expiresAt: booking.reservationExpiresAt ? formatInstant(booking.reservationExpiresAt, booking.timeZone ?? date.timezone) : '',
    amount: formatUsd(centsToDollars(booking.finalPriceCents)),
    payLink: payLinkFor(tokens, deps.publicUrl, booking.id),
    bookingId: booking.id,
    participantLink: participantLinkFor(tokens, deps.publicUrl, booking.email),
  };
  await queueTemplated(tx, 'reservation-reminder', booking.email, values, tokens);
}

/**
 * A new pay-later reservation asks its address to be confirmed: until it is, the seat is held only
 * until `reservationExpiresAt` (a checkout hold's time). The pay link comes once it is confirmed.
 */
async function queueReservationConfirmEmail(
  tx: Database,
  deps: Pick<BookingDeps, 'publicUrl'> & Partial<Pick<BookingDeps, 'now'>>,
  booking: BookingRow,
  date: WorkshopDateRow,
): Promise<boolean> {
  const tokens = new SealedTokens();
  return queueTemplated(
    tx,
    'reservation-confirm',
    booking.email,
    {
      firstName: booking.firstName,
      workshopTitle: date.title,
      when: whenText(date, booking.timeZone),
      holdEndsAt: booking.reservationExpiresAt ? formatInstant(booking.reservationExpiresAt, booking.timeZone ?? date.timezone) : '',
      amount: formatUsd(centsToDollars(booking.finalPriceCents)),
      bookingId: booking.id,
      confirmLink: reservationConfirmLinkFor(tokens, deps.publicUrl, booking.id, (deps.now?.() ?? new Date()).getTime()),
    },
    tokens,
  );
}

/** An unpaid reservation ran out and its seat went back on sale. */
export async function queueReservationExpiredEmail(tx: Database, deps: Pick<BookingDeps, 'publicUrl'>, booking: BookingRow, date: WorkshopDateRow | undefined) {
  await queueTemplated(tx, 'reservation-expired', booking.email, {
    firstName: booking.firstName,
    workshopTitle: date?.title ?? 'your workshop',
    when: date ? whenText(date, booking.timeZone) : '',
    bookingId: booking.id,
    bookLink: `${deps.publicUrl}/#booking`,
  });
}
