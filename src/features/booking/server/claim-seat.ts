import { and, eq } from 'drizzle-orm';
import { holdsSeat } from '../../../common/booking-status';
import { MAX_ROW_ID } from '../../../common/schema-kit';
import { closeEntriesBookedBy } from './freed-seats';
import { resolveTimeZone } from '../../../common/time-zones';
import type { Database } from '../../../server/db/client';
import { bookings, orders, participantProfiles, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { readToken } from '../../../server/lib/signed-token';
import { HttpError } from '../../../server/plugins/error-handler';
import type { BookingResponse } from '../booking.schema';
import { workshopView } from './booking-confirmation';
import {
  CLAIM_ERROR_CODES,
  CLAIM_LINK_INVALID,
  CLAIM_LINK_REVOKED,
  CLAIM_WORKSHOP_STARTED,
  SEAT_ALREADY_CLAIMED,
  SEAT_NO_LONGER_CLAIMABLE,
  type ClaimSeatBody,
  type ClaimState,
  type SeatClaim,
} from '../claim.schema';
import { CLAIM_PURPOSE } from './booking-links';
import type { BookingDeps } from './booking-deps';
import { toBookingResponse } from './booking-response';
import { boughtByFor } from './order-emails';
import type { BookingRow, OrderRow, WorkshopDateRow } from './orders';

/**
 * A colleague claims an unnamed seat with the link its buyer shared (`/claim/{token}`, made by
 * claimLinkFor): they put their own name and address on it, once, and from then on it is their
 * booking like any other: their confirmation, their sign-in link, their cancel and refund.
 *
 * The token names the seat and its claim version. Claiming counts the version up, and so does
 * the buyer revoking the link, so every copy of an old link stops working. Only an unnamed seat
 * that still holds its place (reserved or confirmed) of a workshop that has not started can be
 * claimed, decided under the seat's row lock so two people claiming at once end as one claim.
 */

/** What a genuine claim token names; null for anything we did not sign for claiming. */
type ClaimLink = { bookingId: number; version: number; expired: boolean };

const SUBJECT = /^(\d{1,10})\.(\d{1,10})$/;

function readClaimLink(secret: string, token: string, now: Date): ClaimLink | null {
  const payload = readToken(secret, CLAIM_PURPOSE, token);
  const match = payload ? SUBJECT.exec(payload.subject) : null;
  if (!payload || !match) return null;
  const bookingId = Number(match[1]);
  const version = Number(match[2]);
  // Numbers past a database integer name no seat (and must not reach a query as one).
  if (bookingId < 1 || bookingId > MAX_ROW_ID || version > MAX_ROW_ID) return null;
  return { bookingId, version, expired: payload.expiresAt < now.getTime() };
}

function requireClaimLink(secret: string, token: string, now: Date): ClaimLink {
  const link = readClaimLink(secret, token, now);
  if (!link) throw new HttpError(403, CLAIM_LINK_INVALID, CLAIM_ERROR_CODES.invalid);
  return link;
}

/** The seat, its order and its date; a deleted seat is gone for everyone but the audit log. */
type Seat = { booking: BookingRow; order: OrderRow; date: WorkshopDateRow };

/** Where the link stands for this seat now; see CLAIM_STATES. */
function stateOf({ booking, date }: Seat, link: ClaimLink, now: Date): ClaimState {
  if (booking.named) return 'claimed';
  if (!holdsSeat(booking.status)) return 'closed';
  if (link.expired || booking.claimVersion !== link.version) return 'revoked';
  if (date.startsAt && date.startsAt.getTime() <= now.getTime()) return 'started';
  return 'open';
}

const gone = () => new HttpError(410, CLAIM_LINK_REVOKED, CLAIM_ERROR_CODES.revoked);

/** The refusal for a link that is not open, changing nothing. */
function refusal(state: Exclude<ClaimState, 'open'>): HttpError {
  switch (state) {
    case 'claimed':
      return new HttpError(409, SEAT_ALREADY_CLAIMED, CLAIM_ERROR_CODES.alreadyClaimed);
    case 'revoked':
      return gone();
    case 'closed':
      return new HttpError(410, SEAT_NO_LONGER_CLAIMABLE, CLAIM_ERROR_CODES.revoked);
    case 'started':
      return new HttpError(410, CLAIM_WORKSHOP_STARTED, CLAIM_ERROR_CODES.revoked);
  }
}

function seatQuery(db: Database, bookingId: number) {
  return db
    .select({ booking: bookings, order: orders, date: workshopDates })
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(eq(bookings.id, bookingId));
}

/**
 * GET /api/claims/{token}: what the claim page shows. A genuine link answers where it stands
 * (open, claimed, revoked, closed, started) with the workshop and the buyer's first name; a seat
 * that no longer exists answers 410; anything not signed by us, 403.
 */
export async function describeSeatClaim(deps: Pick<BookingDeps, 'db' | 'secret' | 'now'>, token: string): Promise<SeatClaim> {
  const now = deps.now();
  const link = requireClaimLink(deps.secret, token, now);
  const [seat] = await seatQuery(deps.db, link.bookingId).limit(1);
  if (!seat || seat.booking.status === 'deleted') throw gone();
  const state = stateOf(seat, link, now);
  const { date } = seat;
  return {
    state,
    claimable: state === 'open',
    buyerFirstName: seat.order.buyerFirstName,
    workshop: workshopView(date),
  };
}

/**
 * POST /api/claims/{token}: puts the person on the seat. In one transaction with the seat's row
 * locked: the link must still be open (see stateOf); the seat takes the person's name, address
 * and zone, becomes named and counts its claim version up (every copy of the link stops working);
 * a profile left on the seat while the buyer held it is removed, so the colleague starts with
 * their own; the claim is audited under the claimant's address; their confirmation is queued.
 * A refusal changes nothing.
 */
export async function claimSeat(deps: BookingDeps, token: string, person: ClaimSeatBody): Promise<BookingResponse> {
  const now = deps.now();
  const link = requireClaimLink(deps.secret, token, now);
  const outcome = await deps.db.transaction(async (tx) => {
    const [seat] = await seatQuery(tx, link.bookingId).for('update', { of: bookings });
    if (!seat || seat.booking.status === 'deleted') throw gone();
    const state = stateOf(seat, link, now);
    if (state !== 'open') throw refusal(state);

    const [claimed] = await tx
      .update(bookings)
      .set({
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        named: true,
        claimVersion: seat.booking.claimVersion + 1,
        // The buyer's newsletter choice was theirs, not the colleague's.
        subscribedToNewsletter: false,
        timeZone: resolveTimeZone(person.timeZone) ?? seat.booking.timeZone,
      })
      .where(and(eq(bookings.id, seat.booking.id), eq(bookings.named, false), eq(bookings.claimVersion, link.version)))
      .returning();
    // The row is locked and was just checked: only a change outside this lock could land here.
    if (!claimed) throw gone();
    await tx.delete(participantProfiles).where(eq(participantProfiles.bookingId, claimed.id));
    // The claimant holds a seat on the date now: their place in its waiting list closes.
    await closeEntriesBookedBy(tx, claimed.workshopDateId, [claimed.email], now);
    await recordAudit(tx, {
      actor: person.email.toLowerCase(),
      action: 'seat_claimed',
      entity: 'booking',
      entityId: claimed.id,
      details: { orderId: claimed.orderId, workshopDateId: claimed.workshopDateId, claimVersion: claimed.claimVersion },
    });
    const queued = await queueClaimedSeatEmail(tx, deps, claimed, seat.order, seat.date);
    return { claimed, order: seat.order, queued };
  });
  if (outcome.queued) deps.onEmailQueued?.();
  return toBookingResponse(outcome.claimed, outcome.order, deps.secret, now.getTime());
}

/**
 * The claimant's own confirmation, as a named attendee gets it: a paid or free seat's
 * 'booking-confirmation' (saying who booked it for them, and no price), with the calendar event
 * and their own sign-in link. A reserved seat is not theirs to pay: they hear that it is held for
 * them and that the confirmation follows once the buyer pays (the order's payment e-mails every
 * named seat then).
 */
async function queueClaimedSeatEmail(tx: Database, { mail }: Pick<BookingDeps, 'mail'>, seat: BookingRow, order: OrderRow, date: WorkshopDateRow): Promise<boolean> {
  const boughtBy = boughtByFor(seat, order);
  if (seat.status === 'confirmed') return mail.seatBooked(tx, seat.isPaid ? 'paid' : 'free', seat, date, boughtBy);
  return mail.reservedSeatClaimed(tx, seat, date, boughtBy);
}
