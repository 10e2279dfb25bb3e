import { and, count, eq, gt, sql } from 'drizzle-orm';
import { holdsSeat } from '../../../common/booking-status';
import { workshopWhenFor } from '../../../common/workshop-time';
import type { Database } from '../../../server/db/client';
import { bookings, emailOutbox, orders, workshopDates } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { recordAudit } from '../../../server/lib/audit';
import type { TokenSigner } from '../../../server/lib/signed-token';
import { HttpError } from '../../../server/plugins/error-handler';
import { renderEmail } from '../../email-templates/server';
import {
  CLAIM_INVITE_SWITCHED_OFF,
  claimLinkSentMessage,
  SEAT_ALREADY_NAMED,
  SEAT_NOT_HELD,
  SEAT_WORKSHOP_STARTED,
  TOO_MANY_CLAIM_INVITES,
  type RevokedClaimLink,
  type SeatClaimLinkSent,
} from '../participant.schema';
import { normaliseParticipantEmail, type ParticipantViewer } from './participant-access';

/**
 * The buyer's calls for a seat they bought without a name, until the workshop starts: e-mail its
 * claim link to a colleague, or revoke it (every copy sent so far stops working and a new link is
 * answered). The claim itself, and the link's making, belong to the booking feature, which sits
 * above this one: the app hands its claimLinkFor in (ClaimLinkMaker), as it hands the booking
 * card its calendar and refund slots in the browser.
 */

/** booking's claimLinkFor: `/claim/{token}` for a seat at its claim version. */
export type ClaimLinkMaker = (signer: string | TokenSigner, publicUrl: string, seat: { id: number; claimVersion: number }, now?: number) => string;

export type SeatClaimDeps = {
  db: Database;
  secret: string;
  publicUrl: string;
  now: () => Date;
  claimLinkFor: ClaimLinkMaker;
  onEmailQueued?: () => void;
};

export const CLAIM_INVITE_KIND = 'seat-claim-invite';
/** One address gets at most this many invitations an hour, whoever sends them: no mail bombing. */
export const CLAIM_INVITES_PER_HOUR = 5;

type SeatRow = typeof bookings.$inferSelect;
type DateRow = typeof workshopDates.$inferSelect;
type LockedSeat = { booking: SeatRow; order: typeof orders.$inferSelect; date: DateRow };

/**
 * The seat with its order and date, its row locked for the rest of the transaction, when it can
 * still be claimed: unnamed, holding its place, of a workshop that has not started. The route
 * proved the caller bought it (requireSeatBuyer).
 */
async function lockClaimableSeat(tx: Database, bookingId: number, now: Date): Promise<LockedSeat> {
  const [seat] = await tx
    .select({ booking: bookings, order: orders, date: workshopDates })
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!seat || seat.booking.status === 'deleted') throw new HttpError(404, 'Booking not found');
  if (seat.booking.named) throw new HttpError(409, SEAT_ALREADY_NAMED, 'already_claimed');
  if (!holdsSeat(seat.booking.status)) throw new HttpError(409, SEAT_NOT_HELD, 'seat_not_held');
  if (seat.date.startsAt && seat.date.startsAt.getTime() <= now.getTime()) throw new HttpError(409, SEAT_WORKSHOP_STARTED, 'workshop_started');
  return seat;
}

/** When, on the organiser's clock (the colleague's zone is not known yet), or that the date is still to be set. */
function whenText(date: DateRow): string {
  if (date.isTBC || !date.date) return 'Date to be set via participant poll';
  return workshopWhenFor(date, null) ?? `${date.date}, ${date.time} ${date.timezone}`;
}

/**
 * POST /api/participant/seats/{bookingId}/claim-link: e-mails the seat's current link to the
 * address the buyer typed ('seat-claim-invite'), its token sealed in the outbox like every link
 * that opens something. An address gets at most CLAIM_INVITES_PER_HOUR an hour (429 past it); a
 * template switched off sends nothing and says so. Audited under the buyer.
 */
export async function sendClaimLink(deps: SeatClaimDeps, viewer: ParticipantViewer, bookingId: number, rawEmail: string): Promise<SeatClaimLinkSent> {
  const now = deps.now();
  const to = normaliseParticipantEmail(rawEmail);
  const outcome = await deps.db.transaction(async (tx) => {
    const { booking, order, date } = await lockClaimableSeat(tx, bookingId, now);
    const [recent] = await tx
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, CLAIM_INVITE_KIND), eq(emailOutbox.to, to), gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`)));
    if ((recent?.n ?? 0) >= CLAIM_INVITES_PER_HOUR) throw new HttpError(429, TOO_MANY_CLAIM_INVITES, 'too_many_invites');
    const tokens = new SealedTokens();
    const email = await renderEmail(tx, 'seat-claim-invite', {
      buyerName: `${order.buyerFirstName} ${order.buyerLastName}`.trim(),
      workshopTitle: date.title,
      when: whenText(date),
      claimLink: deps.claimLinkFor(tokens, deps.publicUrl, booking, now.getTime()),
      email: to,
    });
    if (!email) return { sent: false, message: CLAIM_INVITE_SWITCHED_OFF };
    await enqueueEmail(tx, { to, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: CLAIM_INVITE_KIND, tokens: tokens.tokens });
    await recordAudit(tx, {
      actor: viewer.email,
      action: 'seat_claim_link_sent',
      entity: 'booking',
      entityId: booking.id,
      details: { orderId: booking.orderId, to, claimVersion: booking.claimVersion, by: viewer.kind },
    });
    return { sent: true, message: claimLinkSentMessage(to) };
  });
  if (outcome.sent) deps.onEmailQueued?.();
  return outcome;
}

/**
 * POST /api/participant/seats/{bookingId}/revoke-claim: counts the seat's claim version up, so
 * every link sent so far answers 410, and answers the new link. Audited under the buyer.
 */
export async function revokeClaimLink(deps: SeatClaimDeps, viewer: ParticipantViewer, bookingId: number): Promise<RevokedClaimLink> {
  const now = deps.now();
  const revoked = await deps.db.transaction(async (tx) => {
    const { booking } = await lockClaimableSeat(tx, bookingId, now);
    const [row] = await tx
      .update(bookings)
      .set({ claimVersion: booking.claimVersion + 1 })
      .where(eq(bookings.id, booking.id))
      .returning({ id: bookings.id, orderId: bookings.orderId, claimVersion: bookings.claimVersion });
    await recordAudit(tx, {
      actor: viewer.email,
      action: 'seat_claim_link_revoked',
      entity: 'booking',
      entityId: row!.id,
      details: { orderId: row!.orderId, claimVersion: row!.claimVersion, by: viewer.kind },
    });
    return row!;
  });
  return { bookingId: revoked.id, claimLink: deps.claimLinkFor(deps.secret, deps.publicUrl, revoked, now.getTime()) };
}
