import { formatCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { enqueueEmail, type OutboxAttachment } from '../../../server/email/outbox';
import { bookingCancellationAttachment } from '../../calendar/server';
import { renderTemplate } from '../../../server/email/templates';
import type { EmailTemplateType } from '../../email-templates';
import { renderEmail, type TemplateValues } from '../../email-templates/server';
import { adminSectionUrl, notifyOrganiser } from '../../settings/server';
import type { CancellationOutcomeKind } from '../cancellation-policy';

/**
 * The participant's e-mails about refunds and cancellations, written to the outbox inside the
 * caller's transaction, through the admin's e-mail templates. Placeholders are {{key}}; every
 * value is HTML-escaped when rendered.
 */

export const REFUND_EMAIL_KINDS = {
  requestReceived: 'refund-request-received',
  approved: 'refund-approved',
  rejected: 'refund-rejected',
  cancellation: 'booking-cancellation',
} as const;

export type EmailBooking = { id: number; firstName: string; email: string };

const CARD_DELAY = 'It usually reaches your card within 5–10 business days.';

/**
 * Renders the admin's template of this type and queues it; a template that is switched off sends
 * nothing (the refund or cancellation itself still happens).
 */
async function queue(
  tx: Database,
  to: string,
  kind: string,
  type: EmailTemplateType,
  values: TemplateValues,
  trustedHtml?: Record<string, string>,
  attachments?: OutboxAttachment[],
) {
  const email = await renderEmail(tx, type, values, { trustedHtml });
  if (!email) return;
  await enqueueEmail(tx, { to, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind, attachments });
}

/** 'Note from our team' with the admin's note (escaped), or nothing. */
function notesBlock(notes: string | null): string {
  return notes ? renderTemplate('<p><strong>Note from our team</strong><br>{{notes}}</p>', { notes }, { html: true }) : '';
}

/** Tells the participant their request arrived and how long a review takes (spec §9: 2-3 business days). */
export async function queueRefundRequestReceivedEmail(tx: Database, booking: EmailBooking, workshopTitle: string, reason: string) {
  await queue(tx, booking.email, REFUND_EMAIL_KINDS.requestReceived, 'refund-requested', { firstName: booking.firstName, workshopTitle, bookingId: booking.id, reason });
}

export async function queueRefundApprovedEmail(
  tx: Database,
  booking: EmailBooking,
  details: { workshopTitle: string; amountCents: number; refundId: string; notes: string | null },
) {
  await queue(
    tx,
    booking.email,
    REFUND_EMAIL_KINDS.approved,
    'refund-approved',
    {
      firstName: booking.firstName,
      workshopTitle: details.workshopTitle,
      bookingId: booking.id,
      amount: formatCents(details.amountCents),
      refundId: details.refundId,
      notes: details.notes ?? '',
    },
    { notesBlock: notesBlock(details.notes) },
  );
}

export async function queueRefundRejectedEmail(tx: Database, booking: EmailBooking, details: { workshopTitle: string; notes: string | null }) {
  await queue(
    tx,
    booking.email,
    REFUND_EMAIL_KINDS.rejected,
    'refund-rejected',
    { firstName: booking.firstName, workshopTitle: details.workshopTitle, bookingId: booking.id, notes: details.notes ?? '' },
    { notesBlock: notesBlock(details.notes) },
  );
}

const cancellationMoneyText: Record<CancellationOutcomeKind, string> = {
  'full-refund': `<p>You cancelled at least 7 days before the workshop, so you get a full refund of <strong>{{amount}}</strong> to your card. ${CARD_DELAY}</p>`,
  'half-refund': `<p>You cancelled within 7 days of the workshop and chose a 50% refund: <strong>{{amount}}</strong> goes back to your card. ${CARD_DELAY}</p>`,
  credit:
    '<p>You cancelled within 7 days of the workshop and chose a credit toward a future workshop. Use this code when you book: it covers the full price of one workshop and is valid until {{creditExpires}}.</p><p style="font-size:20px;"><strong>{{creditCode}}</strong></p>',
  none: '<p>There was no payment for this booking, so there is nothing to refund.</p>',
};

type CancellationDetails = {
  workshopTitle: string;
  when: string;
  refundCents: number;
  creditCode?: string;
  creditExpiresAt?: Date;
  /** The site's address: the attached calendar cancellation names the event by it. */
  publicUrl: string;
};

/** The cancellation e-mail ('booking-cancellation'): what happens with the participant's money, and the credit code if any. */
export async function queueCancellationEmail(tx: Database, booking: EmailBooking, details: CancellationDetails & { kind: CancellationOutcomeKind }) {
  await queueCancellation(tx, booking, details, cancellationMoneyText[details.kind]);
}

/**
 * The organiser approved a refund request with a credit instead of money: the booking is cancelled
 * (the same 'booking-cancellation' template, with its calendar cancellation) and the e-mail carries
 * the single-use code, and the organiser's note if any.
 */
export async function queueCreditOnReviewEmail(tx: Database, booking: EmailBooking, details: CancellationDetails & { notes: string | null }) {
  const text =
    '<p>Your refund request was approved with a credit toward a future workshop instead of money. Use this code when you book: it covers the full price of one workshop and is valid until {{creditExpires}}.</p><p style="font-size:20px;"><strong>{{creditCode}}</strong></p>';
  await queueCancellation(tx, booking, details, text, notesBlock(details.notes));
}

/**
 * When the organiser cancelled: a refund of all or part of a card payment, a payment made outside
 * the site (settled with the person directly), or nothing paid.
 */
export type OrganiserCancellationMoney = 'full-refund' | 'partial-refund' | 'paid-outside' | 'none';

const organiserMoneyText: Record<OrganiserCancellationMoney, string> = {
  'full-refund': `<p>We have cancelled your booking and are refunding the full <strong>{{amount}}</strong> to your card. ${CARD_DELAY}</p>`,
  'partial-refund': `<p>We have cancelled your booking and are refunding <strong>{{amount}}</strong> to your card. ${CARD_DELAY}</p>`,
  'paid-outside': '<p>Your payment was not made by card on our site, so we will settle it with you directly.</p>',
  none: cancellationMoneyText.none,
};

/** The same 'booking-cancellation' template, for a booking an admin cancelled. */
export async function queueOrganiserCancellationEmail(tx: Database, booking: EmailBooking, details: CancellationDetails & { money: OrganiserCancellationMoney }) {
  await queueCancellation(tx, booking, details, organiserMoneyText[details.money]);
}

async function queueCancellation(tx: Database, booking: EmailBooking, details: CancellationDetails, moneyText: string, trailingHtml = '') {
  const values = {
    firstName: booking.firstName,
    bookingId: booking.id,
    workshopTitle: details.workshopTitle,
    when: details.when,
    amount: formatCents(details.refundCents),
    creditCode: details.creditCode ?? '',
    creditExpires: details.creditExpiresAt ? new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(details.creditExpiresAt) : '',
  };
  const calendar = await bookingCancellationAttachment(tx, booking.id, details.publicUrl);
  await queue(
    tx,
    booking.email,
    REFUND_EMAIL_KINDS.cancellation,
    'booking-cancellation',
    values,
    { refundDetails: renderTemplate(moneyText, values, { html: true }) + trailingHtml },
    calendar ? [calendar] : undefined,
  );
}

type NoticeBooking = EmailBooking & { lastName: string };
const fullName = (booking: NoticeBooking) => `${booking.firstName} ${booking.lastName}`.trim();

/** Tells the organiser a participant asked for a refund, unless switched off. */
export async function notifyOrganiserOfRefundRequest(tx: Database, publicUrl: string, booking: NoticeBooking, workshopTitle: string, reason: string) {
  await notifyOrganiser(tx, {
    about: 'notifyRefundRequest',
    subject: `Refund request: ${workshopTitle} — ${fullName(booking)}`,
    summary: 'A participant asked for a refund. It waits for your review in the Refunds section.',
    details: [
      ['Who', `${fullName(booking)} <${booking.email}>`],
      ['Workshop', workshopTitle],
      ['Booking', `#${booking.id}`],
      ['Reason', reason],
    ],
    link: { href: adminSectionUrl(publicUrl, 'refunds'), label: 'Review the request' },
  });
}

/** Tells the organiser a participant cancelled, and what the refund policy gave back. */
export async function notifyOrganiserOfCancellation(tx: Database, booking: NoticeBooking, details: CancellationDetails & { kind: CancellationOutcomeKind }) {
  const outcome: Record<CancellationOutcomeKind, string> = {
    'full-refund': `A full refund of ${formatCents(details.refundCents)}`,
    'half-refund': `A 50% refund of ${formatCents(details.refundCents)}`,
    credit: `A credit code for one booking${details.creditCode ? ` (${details.creditCode})` : ''}`,
    none: 'Nothing was due',
  };
  await notifyOrganiser(tx, {
    about: 'notifyCancellation',
    subject: `Cancelled: ${details.workshopTitle} — ${fullName(booking)}`,
    summary: 'A participant cancelled their booking; the seat is free again.',
    details: [
      ['Who', `${fullName(booking)} <${booking.email}>`],
      ['Workshop', details.workshopTitle],
      ['When', details.when],
      ['Booking', `#${booking.id}`],
      ['Money', outcome[details.kind]],
    ],
    link: { href: adminSectionUrl(details.publicUrl, 'bookings'), label: 'Open Bookings' },
  });
}
