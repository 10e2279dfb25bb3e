import { eq } from 'drizzle-orm';
import { formatCents } from '../../common/money';
import { formatInstant } from '../../common/time-zones';
import { workshopWhenFor } from '../../common/workshop-time';
import { claimLinkFor, payLinkFor, reservationConfirmLinkFor } from '../../features/booking/server/booking-links';
import { seatAsBuyer, type BookingEmailKind, type BookingMail, type RefundedPayment } from '../../features/booking/server/booking-mail';
import type { BookingRow, PlacedOrder, WorkshopDateRow } from '../../features/booking/server/orders';
import { bookingIcsAttachment } from '../../features/calendar/server';
import type { EmailTemplateType } from '../../features/email-templates';
import { preloadTemplates, renderEmail, type TemplateValues } from '../../features/email-templates/server';
import { joinLinkFor, participantLinkFor } from '../../features/participant/server';
import { adminSectionUrl, EMAIL_KEY, GENERAL_KEY, notifyOrganiser, NOTIFY_KEY } from '../../features/settings/server';
import type { Database } from '../../server/db/client';
import { workshopDates } from '../../server/db/schema';
import { preloadSettings } from '../../server/db/settings-snapshot';
import { enqueueEmail } from '../../server/email/outbox';
import { SealedTokens } from '../../server/email/sealed-tokens';
import { renderTemplate } from '../../server/email/templates';
import { CALLS_KEY, callsPerSeat, followUpCallsParagraph } from '../../features/calls/server';

/*
 * The sale's e-mails as the booking feature names them (BookingMail, in
 * src/features/booking/server/booking-mail.ts), composed here, at the composition root, from the
 * features that know how: the admin's templates (email-templates), the calendar event (calendar),
 * the participant's sign-in link (participant) and the organiser's notice (settings). The booking
 * feature decides who hears what; this file only says it.
 */

type MailDeps = {
  publicUrl: string;
  /** The sale's clock (AppDeps.clock): a reservation's confirm link runs from it. Default: real time. */
  now?: () => Date;
};

/**
 * The texts are the admin's e-mail templates (src/features/email-templates): 'booking-confirmation'
 * for a paid or free seat, 'booking-reservation' for a seat held to pay later. A template that is
 * switched off means no e-mail; the booking itself is unaffected.
 */
const PAYMENT_LINES: Record<Exclude<BookingEmailKind, 'reserved'>, string> = {
  paid: '<p>Thank you — your payment of <strong>{{amount}}</strong> went through and your seat is confirmed.</p>',
  free: '<p>Your discount code covers the full price, so your seat is confirmed free of charge.</p>',
};

/**
 * Under a confirmed seat's details: the attached event already carries the time and the join link,
 * so the e-mail says so rather than promising them later; a date still to be set has no event yet.
 */
const CALENDAR_LINES = {
  attached: '<p>The attached calendar event carries the time and your join link. The materials will be on your booking page before the workshop.</p>',
  later: '<p>The date is still to be set: we will e-mail you the calendar event once it is. The materials will be on your booking page before the workshop.</p>',
};

/** A seat someone else bought: who booked it for them; what they paid is the buyer's business. */
const BOUGHT_FOR_YOU_LINE = '<p>{{buyerName}} booked this seat for you, so it is confirmed.</p>';

/** A seat's details, in every e-mail about one seat (confirmed, reserved, claimed, moved). */
const DETAILS_TABLE =
  '<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>{{workshopTitle}}</td></tr><tr><td><strong>When</strong></td><td>{{when}}</td></tr><tr><td><strong>Booking</strong></td><td>#{{bookingId}}</td></tr></table>';

/**
 * A confirmed seat's details end with its personal join link (docs/decisions/020-roster-and-join-links.md):
 * it opens whatever meeting link the date has when it is clicked, so a changed link needs no new e-mail.
 */
const CONFIRMED_DETAILS_TABLE = DETAILS_TABLE.replace(
  '</table>',
  '<tr><td><strong>Join</strong></td><td><a href="{{joinLink}}">Join the workshop</a> (your personal link)</td></tr></table>',
);

/** A claimed seat still reserved: held in the claimant's name, confirmed once paid for. */
const RESERVED_FOR_YOU_LINE =
  '<p>{{buyerName}} reserved this seat for you. It is held in your name and confirmed once it is paid for; we will e-mail you then, with the calendar event.</p>';
const RESERVED_IN_YOUR_NAME_LINE =
  '<p>The seat you reserved is now in your name. It is confirmed once it is paid for; we will e-mail you then, with the calendar event.</p>';

const ORDER_PAYMENT_LINES: Record<Exclude<BookingEmailKind, 'reserved'>, string> = {
  paid: '<p>Thank you — your payment of <strong>{{amount}}</strong> went through and your {{seatCount}} confirmed.</p>',
  free: '<p>Your discount code covers the full price, so your {{seatCount}} confirmed free of charge.</p>',
};
const ORDER_DETAILS =
  '<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>{{workshopTitle}}</td></tr><tr><td><strong>When</strong></td><td>{{when}}</td></tr><tr><td><strong>Order</strong></td><td>{{orderReference}}</td></tr></table>';

/** The templates of a placed order's e-mails: each named seat's confirmation and the buyer's order confirmation. */
const ORDER_EMAIL_TEMPLATES = ['booking-confirmation', 'order-confirmation'] as const;

/**
 * The settings an order's e-mails read, in one statement: the brand name (the layout), the calls a
 * seat includes, and the organiser notice's switches and Reply-To.
 */
const ORDER_EMAIL_SETTINGS = [GENERAL_KEY, CALLS_KEY, NOTIFY_KEY, EMAIL_KEY] as const;

const NEW_BOOKING_WORDS: Record<BookingEmailKind, { subject: string; summary: string }> = {
  paid: { subject: 'New booking', summary: 'A seat was booked and paid for.' },
  free: { subject: 'New booking (free)', summary: 'A seat was booked free of charge with a discount code.' },
  reserved: { subject: 'New reservation', summary: 'A seat was reserved, to be paid later.' },
};

/**
 * 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you': the organiser's
 * time and, beside it, the reader's in the zone they chose when booking (bookings.timeZone), or
 * that the date is still to be set.
 */
function whenText(date: WorkshopDateRow, viewerZone: string | null): string {
  if (date.isTBC || !date.date) return 'Date to be set via participant poll';
  return workshopWhenFor(date, viewerZone) ?? `${date.date}, ${date.time} ${date.timezone}`;
}

/** Renders a template for one recipient and queues it, unless the template is switched off (answers whether it queued). */
async function queueTemplated(tx: Database, type: EmailTemplateType, to: string, values: TemplateValues, tokens?: SealedTokens): Promise<boolean> {
  const email = await renderEmail(tx, type, values);
  if (!email) return false;
  await enqueueEmail(tx, { to, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: type, tokens: tokens?.tokens });
  return true;
}

/**
 * How many follow-up calls a seat includes, worked out once per transaction: an order's seats are
 * each confirmed in one transaction, and each e-mail offers the calls. The row itself comes from the
 * transaction's preloaded settings when an order preloaded them (preloadOrderTemplates).
 */
const callsByTransaction = new WeakMap<Database, Promise<number>>();
function callsIncluded(tx: Database): Promise<number> {
  let calls = callsByTransaction.get(tx);
  if (!calls) {
    calls = callsPerSeat(tx);
    callsByTransaction.set(tx, calls);
  }
  return calls;
}

/** The sale's e-mails, with links to `publicUrl`. */
export function bookingMail({ publicUrl, now = () => new Date() }: MailDeps): BookingMail {
  /**
   * A new pay-later reservation asks its address to be confirmed: until it is, the seat is held
   * only until `reservationExpiresAt` (a checkout hold's time). The pay link comes once it is confirmed.
   */
  const reservationConfirm = (tx: Database, booking: BookingRow, date: WorkshopDateRow): Promise<boolean> => {
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
        amount: formatCents(booking.finalPriceCents),
        bookingId: booking.id,
        confirmLink: reservationConfirmLinkFor(tokens, publicUrl, booking.id, now().getTime()),
      },
      tokens,
    );
  };

  /** One line per seat: the person on it, or the link that lets a colleague claim it. */
  const seatLine = (seat: BookingRow, tokens: SealedTokens): string => {
    if (seat.named) return renderTemplate('<li>{{name}} ({{email}})</li>', { name: `${seat.firstName} ${seat.lastName}`, email: seat.email }, { html: true });
    return renderTemplate('<li>Unnamed seat: <a href="{{link}}">link to claim it</a></li>', { link: claimLinkFor(tokens, publicUrl, seat) }, { html: true });
  };

  return {
    /**
     * A reservation whose address is not confirmed yet gets the link to confirm it instead of its
     * pay link, whoever sends it (a new reservation, a resend, a move).
     */
    async seatBooked(tx, kind, booking, loadedDate, boughtBy) {
      const date = loadedDate ?? (await tx.select().from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId)).limit(1))[0];
      if (kind === 'reserved' && booking.awaitingEmailConfirmation && date) return reservationConfirm(tx, booking, date);
      const tokens = new SealedTokens();
      const values = {
        firstName: booking.firstName,
        lastName: booking.lastName,
        workshopTitle: date?.title ?? 'your workshop',
        when: date ? whenText(date, booking.timeZone) : '',
        amount: formatCents(booking.finalPriceCents),
        bookingId: booking.id,
        payLink: payLinkFor(tokens, publicUrl, booking.id),
        // The participant's sign-in link: the same one 'Access Your Bookings' e-mails.
        participantLink: participantLinkFor(tokens, publicUrl, booking.email),
        joinLink: kind === 'reserved' ? '' : joinLinkFor(tokens, publicUrl, booking.id, now().getTime()),
      };
      // Markup we build, with the visitor's values escaped inside it.
      // A confirmed seat comes with its calendar event, once the workshop has a date.
      const calendarFile = kind !== 'reserved' && date ? bookingIcsAttachment(booking, date, publicUrl) : null;
      const trustedHtml: Record<string, string> = { details: renderTemplate(kind === 'reserved' ? DETAILS_TABLE : CONFIRMED_DETAILS_TABLE, values, { html: true }) };
      if (kind !== 'reserved') {
        trustedHtml.calendarLine = calendarFile ? CALENDAR_LINES.attached : CALENDAR_LINES.later;
        trustedHtml.followUpCalls = renderTemplate(followUpCallsParagraph(await callsIncluded(tx)), values, { html: true });
        trustedHtml.paymentLine = boughtBy
          ? renderTemplate(BOUGHT_FOR_YOU_LINE, { buyerName: boughtBy }, { html: true })
          : renderTemplate(PAYMENT_LINES[kind], values, { html: true });
      }
      const email = await renderEmail(tx, kind === 'reserved' ? 'booking-reservation' : 'booking-confirmation', values, { trustedHtml });
      if (!email) return false;
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
    },

    /** The 'order-confirmation' template. */
    async orderConfirmed(tx, kind, { order, seats }: PlacedOrder, date) {
      const tokens = new SealedTokens();
      const paidCents = seats.reduce((total, seat) => total + seat.finalPriceCents, 0);
      const values = {
        firstName: order.buyerFirstName,
        workshopTitle: date.title,
        when: whenText(date, order.timeZone),
        orderReference: order.reference,
        seatCount: seats.length === 1 ? '1 seat is' : `${seats.length} seats are`,
        amount: formatCents(paidCents),
        participantLink: participantLinkFor(tokens, publicUrl, order.buyerEmail),
      };
      const trustedHtml = {
        paymentLine: renderTemplate(ORDER_PAYMENT_LINES[kind], values, { html: true }),
        details: renderTemplate(ORDER_DETAILS, values, { html: true }),
        seatList: `<ol>${seats.map((seat) => seatLine(seat, tokens)).join('')}</ol>`,
      };
      const email = await renderEmail(tx, 'order-confirmation', { ...values, seatCount: seats.length === 1 ? '1 seat' : `${seats.length} seats` }, { trustedHtml });
      if (!email) return;
      await enqueueEmail(tx, { to: order.buyerEmail, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: `order-${kind}`, tokens: tokens.tokens });
    },

    /** In the transaction that made the order; nothing when the organiser switched it off. */
    async orderToOrganiser(tx, kind, { order, seats }, date, seatsLeft) {
      const booking = seatAsBuyer(order, seats[0]!);
      const count = seats.length;
      const words = NEW_BOOKING_WORDS[kind];
      const name = `${booking.firstName} ${booking.lastName}`.trim();
      const price = (cents: number) => formatCents(cents * count);
      await notifyOrganiser(tx, {
        about: 'notifyNewBooking',
        subject: `${words.subject}: ${date.title} — ${name}`,
        summary: words.summary,
        details: [
          ['Who', `${name} <${booking.email}>${booking.company ? `, ${booking.company}` : ''}`],
          ['Workshop', date.title],
          ['When', whenText(date, null)],
          ['Price', booking.discountAmountCents > 0 ? `${price(booking.finalPriceCents)} (${price(booking.discountAmountCents)} off)` : price(booking.finalPriceCents)],
          ...(booking.discountCode ? [['Discount code', booking.discountCode] as [string, string]] : []),
          ['Booking', `#${booking.id}`],
          ...(count > 1 ? [['Seats', String(count)] as [string, string]] : []),
          ['Seats left', `${seatsLeft} of ${date.seatsTotal}`],
        ],
        link: { href: adminSectionUrl(publicUrl, 'bookings'), label: 'Open Bookings' },
      });
    },

    /** The 'booking-confirmation' template, saying the seat is held and not yet confirmed, without the calendar event. */
    async reservedSeatClaimed(tx, seat, date, boughtBy) {
      const tokens = new SealedTokens();
      const values = {
        firstName: seat.firstName,
        lastName: seat.lastName,
        workshopTitle: date.title,
        when: whenText(date, seat.timeZone),
        amount: formatCents(seat.finalPriceCents),
        bookingId: seat.id,
        participantLink: participantLinkFor(tokens, publicUrl, seat.email),
      };
      const trustedHtml = {
        details: renderTemplate(DETAILS_TABLE, values, { html: true }),
        paymentLine: boughtBy ? renderTemplate(RESERVED_FOR_YOU_LINE, { buyerName: boughtBy }, { html: true }) : RESERVED_IN_YOUR_NAME_LINE,
      };
      const email = await renderEmail(tx, 'booking-confirmation', values, { trustedHtml });
      if (!email) return false;
      await enqueueEmail(tx, { to: seat.email, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: 'seat-claimed-reserved', tokens: tokens.tokens });
      return true;
    },

    /**
     * Says from when to when, and carries the event again with the same UID and a higher SEQUENCE
     * (the row's calendarSequence, counted up by the move), so a calendar that took the first file
     * moves the event. It names no payment: nothing about the money changed.
     */
    async seatMoved(tx, seat, from, to) {
      const tokens = new SealedTokens();
      const values = {
        firstName: seat.firstName,
        workshopTitle: to.title,
        fromWhen: whenText(from, seat.timeZone),
        when: whenText(to, seat.timeZone),
        bookingId: seat.id,
        participantLink: participantLinkFor(tokens, publicUrl, seat.email),
      };
      const email = await renderEmail(tx, 'booking-moved', values, { trustedHtml: { details: renderTemplate(DETAILS_TABLE, values, { html: true }) } });
      if (!email) return false;
      const calendarFile = bookingIcsAttachment(seat, to, publicUrl);
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
    },

    async reservationReminder(tx, booking, date) {
      const tokens = new SealedTokens();
      const values = {
        firstName: booking.firstName,
        workshopTitle: date.title,
        when: whenText(date, booking.timeZone),
        // On the reader's clock: the zone they booked in, else the workshop's.
        expiresAt: booking.reservationExpiresAt ? formatInstant(booking.reservationExpiresAt, booking.timeZone ?? date.timezone) : '',
        amount: formatCents(booking.finalPriceCents),
        payLink: payLinkFor(tokens, publicUrl, booking.id),
        bookingId: booking.id,
        participantLink: participantLinkFor(tokens, publicUrl, booking.email),
      };
      await queueTemplated(tx, 'reservation-reminder', booking.email, values, tokens);
    },

    async reservationExpired(tx, booking, date) {
      await queueTemplated(tx, 'reservation-expired', booking.email, {
        firstName: booking.firstName,
        workshopTitle: date?.title ?? 'your workshop',
        when: date ? whenText(date, booking.timeZone) : '',
        bookingId: booking.id,
        bookLink: `${publicUrl}/#booking`,
      });
    },

    /** A seat lost while paying keeps its own template ('booking-sold-out-refund'). */
    async paymentRefunded(tx, refund: RefundedPayment) {
      const [date] = await tx.select({ title: workshopDates.title }).from(workshopDates).where(eq(workshopDates.id, refund.workshopDateId)).limit(1);
      const values = { workshopTitle: date?.title ?? 'the workshop', amount: formatCents(refund.amountCents), refundId: refund.refundId, reason: refund.reason };
      await queueTemplated(tx, refund.soldOut ? 'booking-sold-out-refund' : 'payment-refunded', refund.email, values);
    },

    preloadOrderTemplates: async (tx) => {
      await preloadSettings(tx, ORDER_EMAIL_SETTINGS);
      await preloadTemplates(tx, ORDER_EMAIL_TEMPLATES);
    },
  };
}
