import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { creditCodeDescription, holdsSeat, SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, discountCodes, orders, participantProfiles, refundRequests, workshopAssets, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { materialLinksFrom } from '../material-links';
import {
  ASSET_NOT_FOUND,
  BOOKING_CANCELLED,
  type CancelledBooking,
  WORKSHOP_NOT_FOUND,
  type BookingAssetItem,
  type ParticipantBooking,
  type ParticipantProfile,
  type ParticipantProfileValues,
  type WorkshopAsset,
  type WorkshopDetails,
} from '../participant.schema';
import { NOT_YOUR_BOOKINGS, normaliseParticipantEmail, type ParticipantViewer } from './participant-access';

/**
 * The participant's reads and profile. Every function here is called after the route has proved
 * who the caller is (participant-access.ts); the checks that need a booking for a workshop date or
 * an asset, rather than a booking id, are made here and refused the same way (403, logged).
 *
 * Who sees what:
 * - listed bookings: confirmed, reserved (pay later) and refunded ones; cancelled ones are gone.
 *   An address sees the seats in its name and every seat of the orders it bought (a colleague's
 *   too); for the buyer, a seat bought without a name carries its claim link while it can be
 *   claimed, and says once it was.
 * - meeting details (link, id, password): only with a confirmed booking. A reservation that is not
 *   paid yet gets the workshop's other details with the three meeting fields null and
 *   `meetingDetailsPending: true`, so the page can say why instead of showing nothing.
 * - additional info and material links: any booking that is not cancelled; assets (slides, tips):
 *   a booking that holds a seat (a refunded one no longer does).
 */

type BookingRow = typeof bookings.$inferSelect;
type WorkshopDateRow = typeof workshopDates.$inferSelect;

/** Bookings a participant sees in their list. */
export const LISTED_STATUSES = ['confirmed', 'reserved', 'refunded'] as const;
const ownedBy = (email: string) => sql`lower(${bookings.email}) = ${normaliseParticipantEmail(email)}`;
/** Seats in the address's name, or of an order it bought (the list's query joins orders). */
const ownedOrBoughtBy = (email: string) => or(ownedBy(email), sql`lower(${orders.buyerEmail}) = ${normaliseParticipantEmail(email)}`);

/**
 * What the list needs to show a seat's links: the buyer's claim link maker, the time now, and the
 * seat's personal join link maker (docs/decisions/020-roster-and-join-links.md).
 */
export type ClaimLinks = { linkFor: (seat: { id: number; claimVersion: number }) => string; now: Date; joinLinkFor?: (bookingId: number) => string };

/**
 * A confirmed seat's personal join link, for the person who sits there only: the named attendee, or
 * the buyer holding a seat they left unnamed. A buyer opening a colleague's link would check the
 * colleague in.
 */
function joinUrlOf(booking: BookingRow, attendee: boolean, links: ClaimLinks | undefined): string | null {
  return attendee && booking.status === 'confirmed' && links?.joinLinkFor ? links.joinLinkFor(booking.id) : null;
}

/** The same audit row participant-access.ts writes, for refusals decided in this file. */
export async function recordParticipantDenied(db: Database, request: FastifyRequest, viewer: ParticipantViewer, details: Record<string, unknown>) {
  request.log.warn({ participant: viewer.email, ...details, url: request.url }, 'participant asked for what is not theirs');
  await recordAudit(db, {
    actor: viewer.email,
    action: 'participant_access_denied',
    entity: 'participant',
    details: { ...details, method: request.method, url: request.url.split('?')[0] },
  });
}

async function denied(db: Database, request: FastifyRequest, viewer: ParticipantViewer, details: Record<string, unknown>): Promise<never> {
  await recordParticipantDenied(db, request, viewer, details);
  throw new HttpError(403, NOT_YOUR_BOOKINGS);
}

// ---------------------------------------------------------------- bookings

function dateSummary(date: WorkshopDateRow): ParticipantBooking['workshopDate'] {
  return {
    id: date.id,
    title: date.title,
    expertiseLevel: date.expertiseLevel,
    date: date.date,
    time: date.time,
    timezone: date.timezone,
    isTBC: date.isTBC,
    startsAt: date.startsAt?.toISOString() ?? null,
    endsAt: date.isTBC ? null : (date.endsAt?.toISOString() ?? null),
    endsNextDay: date.endsNextDay,
    setByPoll: !date.isTBC && date.pollClosedAt !== null,
    moveOffered: date.calledOffAt !== null && date.moveOfferUntil !== null && date.moveOfferUntil > new Date(),
  };
}

/** An address's bookings with their order, date and any refund request, for the two lists below. */
const bookingsWithDates = (db: Database) =>
  db
    .select({ booking: bookings, date: workshopDates, refund: refundRequests, order: { reference: orders.reference, buyerEmail: orders.buyerEmail } })
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .leftJoin(refundRequests, eq(refundRequests.bookingId, bookings.id));

/**
 * A seat bought without a name, as its buyer sees it: claimed once a colleague put their name on
 * it (named, with its claim version counted up), else its link while it can still be claimed.
 */
function claimOf(booking: BookingRow, date: WorkshopDateRow, links: ClaimLinks | undefined): ParticipantBooking['claim'] {
  if (booking.named) return booking.claimVersion > 0 ? { claimed: true, link: null } : null;
  const started = date.startsAt !== null && date.startsAt.getTime() <= (links?.now ?? new Date()).getTime();
  return { claimed: false, link: links && holdsSeat(booking.status) && !started ? links.linkFor(booking) : null };
}

/**
 * GET /api/participant/bookings: the seats in the address's name and every seat of the orders it
 * bought, newest first, with any refund request; for the buyer, each unnamed seat's claim.
 */
export async function listParticipantBookings(db: Database, email: string, links?: ClaimLinks): Promise<ParticipantBooking[]> {
  const address = normaliseParticipantEmail(email);
  const rows = await bookingsWithDates(db)
    .where(and(ownedOrBoughtBy(email), inArray(bookings.status, [...LISTED_STATUSES])))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(({ booking, date, refund, order }) => {
    const youBought = normaliseParticipantEmail(order.buyerEmail) === address;
    const yourSeat = booking.named && normaliseParticipantEmail(booking.email) === address;
    return {
      id: booking.id,
      orderId: booking.orderId,
      orderReference: order.reference,
      buyerEmail: order.buyerEmail,
      named: booking.named,
      yourSeat,
      youBought,
      claim: youBought ? claimOf(booking, date, links) : null,
      joinUrl: joinUrlOf(booking, yourSeat || (!booking.named && youBought), links),
      firstName: booking.firstName,
      lastName: booking.lastName,
      email: booking.email,
      company: booking.company,
      isPaid: booking.isPaid,
      finalPrice: centsToDollars(booking.finalPriceCents),
      originalPrice: centsToDollars(booking.originalPriceCents),
      discountAmount: centsToDollars(booking.discountAmountCents),
      status: booking.status,
      paymentMode: booking.paymentMode,
      createdAt: booking.createdAt.toISOString(),
      workshopDate: dateSummary(date),
      refundRequest: refund
        ? {
            status: refund.status,
            reason: refund.reason,
            notes: refund.notes,
            requestedAt: refund.requestedAt.toISOString(),
            processedAt: refund.processedAt?.toISOString() ?? null,
          }
        : null,
    };
  });
}

/**
 * The refund state of each seat, by seat, in the refunds feature's one vocabulary: handed in by the
 * app (the refunds feature builds on this one, so this one cannot import it).
 */
export type RefundStatesOf = (db: Database, seats: BookingRow[]) => Promise<Map<number, CancelledBooking['refundState']>>;

const UNKNOWN_REFUND_STATE: CancelledBooking['refundState'] = { kind: 'unknown', label: 'Refund state unknown' };

/**
 * GET /api/participant/bookings/cancelled: what each cancellation gave back. A refund it decided is
 * a refund request with an amount (APPROVED once the provider took it); credit is a single-use code;
 * `refundState` says where the money stands in the words the admin reads too.
 */
export async function listCancelledBookings(db: Database, email: string, refundStatesOf: RefundStatesOf): Promise<CancelledBooking[]> {
  const rows = await bookingsWithDates(db)
    .where(and(ownedOrBoughtBy(email), eq(bookings.status, 'cancelled')))
    // An old cancellation may have no time of its own: its booking's then stands in for it.
    .orderBy(desc(sql`coalesce(${bookings.cancelledAt}, ${bookings.createdAt})`), desc(bookings.id));
  const credits = rows.length
    ? await db
        .select({ code: discountCodes.code, description: discountCodes.description })
        .from(discountCodes)
        .where(inArray(discountCodes.description, rows.map(({ booking }) => creditCodeDescription(booking.id))))
    : [];
  const states = await refundStatesOf(db, rows.map(({ booking }) => booking));
  return rows.map(({ booking, date, refund, order }) => ({
    id: booking.id,
    orderId: booking.orderId,
    orderReference: order.reference,
    buyerEmail: order.buyerEmail,
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    workshopDate: dateSummary(date),
    refund:
      refund?.amountCents && refund.status !== 'REJECTED'
        ? { amount: centsToDollars(refund.amountCents), state: refund.status === 'APPROVED' ? ('sent' as const) : ('pending' as const) }
        : null,
    creditCode: credits.find((credit) => credit.description === creditCodeDescription(booking.id))?.code ?? null,
    // Every seat asked for has its state; the fallback only keeps the type honest.
    refundState: states.get(booking.id) ?? UNKNOWN_REFUND_STATE,
  }));
}

/** A cancelled booking keeps its owner but no longer opens the workshop's details or assets. */
export function requireNotCancelled(booking: BookingRow): void {
  if (booking.status === 'cancelled') throw new HttpError(404, BOOKING_CANCELLED);
}

// ---------------------------------------------------------------- workshop details

function toWorkshopDetails(date: WorkshopDateRow, meetingDetails: boolean): WorkshopDetails {
  return {
    title: date.title,
    expertiseLevel: date.expertiseLevel,
    zoomLink: meetingDetails ? date.zoomLink : null,
    zoomMeetingId: meetingDetails ? date.zoomMeetingId : null,
    zoomPassword: meetingDetails ? date.zoomPassword : null,
    additionalInfo: date.additionalInfo,
    materialLinks: materialLinksFrom(date.materialLinks),
    workshopDate: { date: date.date, time: date.time, timezone: date.timezone, isTBC: date.isTBC },
    meetingDetailsPending: !meetingDetails,
  };
}

async function findWorkshopDate(db: Database, id: number): Promise<WorkshopDateRow | undefined> {
  const [date] = await db.select().from(workshopDates).where(eq(workshopDates.id, id)).limit(1);
  return date;
}

/** GET /api/participant/booking/:bookingId/workshop-details, for a booking the caller may see. */
export async function getWorkshopDetailsForBooking(db: Database, booking: BookingRow, viewer: ParticipantViewer): Promise<WorkshopDetails> {
  requireNotCancelled(booking);
  const date = await findWorkshopDate(db, booking.workshopDateId);
  if (!date) throw new HttpError(404, WORKSHOP_NOT_FOUND);
  return toWorkshopDetails(date, viewer.kind === 'admin' || booking.status === 'confirmed');
}

/**
 * GET /api/participant/workshop-details/:workshopDateId: the caller needs a booking for that date
 * that is not cancelled (admins need none). A missing date is refused like a date without a
 * booking, so a participant cannot probe which ids exist.
 */
export async function getWorkshopDetailsForDate(db: Database, request: FastifyRequest, viewer: ParticipantViewer, workshopDateId: number): Promise<WorkshopDetails> {
  if (viewer.kind === 'admin') {
    const date = await findWorkshopDate(db, workshopDateId);
    if (!date) throw new HttpError(404, WORKSHOP_NOT_FOUND);
    return toWorkshopDetails(date, true);
  }
  const owned = await db
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(ownedBy(viewer.email), eq(bookings.workshopDateId, workshopDateId), inArray(bookings.status, [...LISTED_STATUSES])));
  if (owned.length === 0) return denied(db, request, viewer, { workshopDateId });
  const date = await findWorkshopDate(db, workshopDateId);
  if (!date) throw new HttpError(404, WORKSHOP_NOT_FOUND);
  return toWorkshopDetails(date, owned.some((row) => row.status === 'confirmed'));
}

// ---------------------------------------------------------------- assets

const assetColumns = {
  id: workshopAssets.id,
  title: workshopAssets.title,
  description: workshopAssets.description,
  type: workshopAssets.type,
  content: workshopAssets.content,
  sortOrder: workshopAssets.sortOrder,
};

/** An asset opened on its own page, with its place among the others of its kind (slides or tips). */
export type ViewableAsset = {
  asset: WorkshopAsset;
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  position: number;
  total: number;
};

/** The date's own assets and those for every workshop, by sortOrder (then id, so the order is stable). */
function assetsForDate(db: Database, workshopDateId: number) {
  return db
    .select(assetColumns)
    .from(workshopAssets)
    .where(or(eq(workshopAssets.workshopDateId, workshopDateId), isNull(workshopAssets.workshopDateId)))
    .orderBy(asc(workshopAssets.sortOrder), asc(workshopAssets.id));
}

/** GET /api/participant/booking/:bookingId/assets. */
export async function listBookingAssets(db: Database, booking: BookingRow): Promise<BookingAssetItem[]> {
  requireNotCancelled(booking);
  // The money went back, and with it the seat: the workshop's materials are no longer theirs.
  if (booking.status === 'refunded') return [];
  const assets = await assetsForDate(db, booking.workshopDateId);
  return assets.map((asset) => ({ id: asset.id, asset }));
}

/** GET /api/public/workshop-assets/:workshopId: titles only, for an active workshop date. */
export async function listPublicWorkshopAssets(db: Database, workshopDateId: number): Promise<Omit<WorkshopAsset, 'content'>[]> {
  const [date] = await db
    .select({ id: workshopDates.id })
    .from(workshopDates)
    .where(and(eq(workshopDates.id, workshopDateId), eq(workshopDates.isActive, true)))
    .limit(1);
  if (!date) throw new HttpError(404, WORKSHOP_NOT_FOUND);
  const assets = await assetsForDate(db, workshopDateId);
  return assets.map(({ content: _content, ...rest }) => rest);
}

/**
 * GET /api/view-asset/:id: the asset, when the caller has a booking that holds a seat for its
 * workshop (any such booking for an asset of every workshop), or is an admin. A participant asking
 * for an asset that does not exist is refused like one that is not theirs.
 */
export async function getViewableAsset(db: Database, request: FastifyRequest, viewer: ParticipantViewer, assetId: number): Promise<ViewableAsset> {
  const [row] = await db
    .select({ ...assetColumns, workshopDateId: workshopAssets.workshopDateId })
    .from(workshopAssets)
    .where(eq(workshopAssets.id, assetId))
    .limit(1);
  if (viewer.kind === 'admin') {
    if (!row) throw new HttpError(404, ASSET_NOT_FOUND);
  } else {
    if (!row) return denied(db, request, viewer, { assetId });
    const forThisWorkshop = row.workshopDateId === null ? sql`true` : eq(bookings.workshopDateId, row.workshopDateId);
    const [owned] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(ownedBy(viewer.email), inArray(bookings.status, [...SEAT_HOLDING_STATUSES]), forThisWorkshop))
      .limit(1);
    if (!owned) return denied(db, request, viewer, { assetId });
  }
  const { workshopDateId, ...asset } = row;
  // Its neighbours of the same kind, in the order the booking's card lists them: whoever may see
  // this asset may see them too (the same workshop, or every workshop).
  const siblings = (
    workshopDateId === null
      ? await db.select(assetColumns).from(workshopAssets).where(isNull(workshopAssets.workshopDateId)).orderBy(asc(workshopAssets.sortOrder), asc(workshopAssets.id))
      : await assetsForDate(db, workshopDateId)
  ).filter((sibling) => sibling.type === asset.type);
  const index = siblings.findIndex((sibling) => sibling.id === asset.id);
  const neighbour = (at: number) => (siblings[at] ? { id: siblings[at].id, title: siblings[at].title } : null);
  return { asset, previous: neighbour(index - 1), next: neighbour(index + 1), position: index + 1, total: siblings.length };
}

// ---------------------------------------------------------------- profile

/** GET /api/participant/profile/:bookingId: empty until saved. */
export async function getParticipantProfile(db: Database, bookingId: number): Promise<ParticipantProfile> {
  const [row] = await db.select().from(participantProfiles).where(eq(participantProfiles.bookingId, bookingId)).limit(1);
  return { bio: row?.bio ?? '', preferences: row?.preferences ?? '', profileImageUrl: row?.profileImageUrl ?? '' };
}

/** PUT /api/participant/profile/:bookingId: one row per booking, written with a single upsert. */
export async function saveParticipantProfile(db: Database, bookingId: number, input: ParticipantProfileValues): Promise<ParticipantProfile> {
  const values = { bio: input.bio, preferences: input.preferences, profileImageUrl: input.profileImageUrl === '' ? null : input.profileImageUrl };
  await db
    .insert(participantProfiles)
    .values({ bookingId, ...values })
    .onConflictDoUpdate({ target: participantProfiles.bookingId, set: { ...values, updatedAt: sql`now()` } });
  return { bio: values.bio, preferences: values.preferences, profileImageUrl: values.profileImageUrl ?? '' };
}
