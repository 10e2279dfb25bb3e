import { eq } from 'drizzle-orm';
import { formatUsd, centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { type bookings, workshopDates } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import { emailLayout, renderTemplate } from '../../../server/email/templates';
import { signToken } from '../../../server/lib/signed-token';
import type { BookingDeps } from './booking.service';

type BookingRow = typeof bookings.$inferSelect;

export const PAY_LINK_PURPOSE = 'pay-reservation';
const PAY_LINK_TTL_MS = 60 * 86_400_000;

/** The link in a reservation e-mail: the checkout, for this booking, signed. */
export function payLinkFor(secret: string, publicUrl: string, bookingId: number): string {
  const token = signToken(secret, PAY_LINK_PURPOSE, String(bookingId), PAY_LINK_TTL_MS);
  return `${publicUrl}/checkout?booking=${bookingId}&token=${encodeURIComponent(token)}`;
}
export type BookingEmailKind = 'paid' | 'free' | 'reserved';

/**
 * Default texts; the e-mail templates issue makes them editable. Placeholders are {{key}} and
 * every value is HTML-escaped when rendered.
 */
const templates: Record<BookingEmailKind, { subject: string; body: string }> = {
  paid: {
    subject: 'Your seat is booked: {{workshopTitle}}',
    body: '<p>Hi {{firstName}},</p><p>Thank you — your payment of <strong>{{amount}}</strong> went through and your seat is confirmed.</p>{{details}}<p>We will send the meeting link and materials before the workshop.</p>',
  },
  free: {
    subject: 'Your seat is booked: {{workshopTitle}}',
    body: '<p>Hi {{firstName}},</p><p>Your discount code covers the full price, so your seat is confirmed free of charge.</p>{{details}}<p>We will send the meeting link and materials before the workshop.</p>',
  },
  reserved: {
    subject: 'Your spot is reserved: {{workshopTitle}}',
    body: '<p>Hi {{firstName}},</p><p>We are holding a seat for you. Pay <strong>{{amount}}</strong> whenever suits you with this link:</p><p><a href="{{payLink}}">Pay for your booking</a></p>{{details}}',
  },
};

function whenText(date: typeof workshopDates.$inferSelect): string {
  return date.isTBC || !date.date ? 'Date to be set via participant poll' : `${date.date}, ${date.time} ${date.timezone}`;
}

/** Writes the booking's e-mail to the outbox inside the caller's transaction. */
export async function queueBookingEmail(tx: Database, deps: Pick<BookingDeps, 'secret' | 'publicUrl'>, kind: BookingEmailKind, booking: BookingRow) {
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId)).limit(1);
  const values = {
    firstName: booking.firstName,
    workshopTitle: date?.title ?? 'your workshop',
    when: date ? whenText(date) : '',
    amount: formatUsd(centsToDollars(booking.finalPriceCents)),
    payLink: payLinkFor(deps.secret, deps.publicUrl, booking.id),
  };
  const details = renderTemplate(
    '<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>{{workshopTitle}}</td></tr><tr><td><strong>When</strong></td><td>{{when}}</td></tr><tr><td><strong>Booking</strong></td><td>#{{bookingId}}</td></tr></table>',
    { ...values, bookingId: booking.id },
    { html: true },
  );
  const template = templates[kind];
  const subject = renderTemplate(template.subject, values, { html: false });
  // {{details}} is markup we built, so it is joined in after the visitor's values are escaped.
  const body = template.body
    .split('{{details}}')
    .map((part) => renderTemplate(part, values, { html: true }))
    .join(details);
  await enqueueEmail(tx, {
    to: booking.email,
    subject,
    html: emailLayout({ title: subject, bodyHtml: body }),
    kind: `booking-${kind}`,
  });
}

/** The buyer paid after their hold ran out and the last seat went to someone else. */
export async function queueSoldOutRefundEmail(
  tx: Database,
  _deps: Pick<BookingDeps, 'publicUrl'>,
  refund: { email: string; amountCents: number; workshopDateId: number; refundId: string },
) {
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, refund.workshopDateId)).limit(1);
  const values = { workshopTitle: date?.title ?? 'the workshop', amount: formatUsd(centsToDollars(refund.amountCents)), refundId: refund.refundId };
  const subject = renderTemplate('Refund: {{workshopTitle}} filled up', values, { html: false });
  const body = renderTemplate(
    '<p>We are sorry: the last seat in {{workshopTitle}} was taken while your payment was being completed.</p><p>Your payment of <strong>{{amount}}</strong> has been refunded in full (reference {{refundId}}). It usually reaches your card within 5–10 business days.</p><p>Reply to this e-mail and we will find you a seat in the next workshop.</p>',
    values,
    { html: true },
  );
  await enqueueEmail(tx, { to: refund.email, subject, html: emailLayout({ title: subject, bodyHtml: body }), kind: 'booking-sold-out-refund' });
}
