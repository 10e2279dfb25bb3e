import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { centsToDollars, formatCents } from '../../../common/money';
import { waitlistEntries, workshopDates } from '../../../server/db/schema';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { closeEntry, offerSeatsByHand, type WaitlistEntryRow } from '../../booking/server';
import { WAITLIST_DATE_NOT_FOUND, WAITLIST_ENTRY_NOT_FOUND, type AdminWaitlistEntry, type AdminWaitlistResponse, type WaitlistDemand } from '../waitlist.schema';
import { positionOf, positionsInLine } from './positions';
import type { WaitlistDeps } from './waitlist-deps';

const ENTITY = 'waitlist_entry';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function toAdminEntry(entry: WaitlistEntryRow, position: number | null): AdminWaitlistEntry {
  return {
    id: entry.id,
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    seats: entry.seats,
    position,
    status: entry.status,
    offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
    anyDate: entry.workshopDateId === null,
  };
}

/** What the people still waiting would pay at the date's price: '3 people, 4 seats, $1,996.00'. */
export function demandOf(entries: readonly Pick<WaitlistEntryRow, 'status' | 'seats'>[], seatPriceCents: number): WaitlistDemand {
  const waiting = entries.filter((entry) => entry.status === 'waiting');
  const seats = waiting.reduce((total, entry) => total + entry.seats, 0);
  const cents = seats * seatPriceCents;
  return {
    people: waiting.length,
    seats,
    value: centsToDollars(cents),
    summary: `${plural(waiting.length, 'person', 'people')}, ${plural(seats, 'seat', 'seats')}, ${formatCents(cents)}`,
  };
}

/**
 * GET /api/admin/waitlist?workshopDateId=: the date's list in order of joining, every status, with
 * the entries waiting for its workshop's next date with room; places for those still in line, and
 * what those waiting would pay.
 */
export async function listWaitlist(deps: WaitlistDeps, workshopDateId: number): Promise<AdminWaitlistResponse> {
  const [date] = await deps.db.select().from(workshopDates).where(eq(workshopDates.id, workshopDateId));
  if (!date) throw new HttpError(404, WAITLIST_DATE_NOT_FOUND);
  const anyDate = date.templateId === null ? undefined : and(isNull(waitlistEntries.workshopDateId), eq(waitlistEntries.templateId, date.templateId), eq(waitlistEntries.status, 'waiting'));
  const entries = await deps.db
    .select()
    .from(waitlistEntries)
    .where(or(eq(waitlistEntries.workshopDateId, workshopDateId), anyDate))
    .orderBy(asc(waitlistEntries.id));
  const places = positionsInLine(entries);
  return { entries: entries.map((entry) => toAdminEntry(entry, places.get(entry.id) ?? null)), demand: demandOf(entries, date.priceCents) };
}

async function adminEntry(deps: WaitlistDeps, id: number): Promise<AdminWaitlistEntry> {
  const [entry] = await deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!entry) throw new HttpError(404, WAITLIST_ENTRY_NOT_FOUND);
  return toAdminEntry(entry, await positionOf(deps.db, entry));
}

/** DELETE /api/admin/waitlist/{id}: takes an entry off the list; an offer it holds passes on at once. Removing a closed entry answers 409. */
export async function removeWaitlistEntry(deps: WaitlistDeps, actor: Actor, id: number): Promise<{ success: true; message: string; entry: AdminWaitlistEntry }> {
  const now = deps.now();
  const removed = await deps.db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.id, id));
    if (!exists) throw new HttpError(404, WAITLIST_ENTRY_NOT_FOUND);
    const closed = await closeEntry(tx, id, 'removed', now);
    if (!closed) throw new HttpError(409, 'This entry is no longer on the waiting list.', 'entry_closed');
    await recordAudit(tx, { actor: actor.email, action: 'waitlist_entry_removed', entity: ENTITY, entityId: id, details: { was: closed.status, seats: closed.seats, email: closed.email } });
    return closed;
  });
  if (removed.status === 'offered') deps.onSeatsChanged?.();
  const message = removed.status === 'offered' ? 'The entry was removed and the seats it held went to the next person waiting.' : 'The entry was removed from the waiting list.';
  return { success: true, message, entry: await adminEntry(deps, id) };
}

/** POST /api/admin/waitlist/{id}/offer: offers free seats of the date to this entry now, out of turn (see offerSeatsByHand). */
export async function offerByHand(deps: WaitlistDeps, actor: Actor, id: number, workshopDateId?: number): Promise<{ success: true; message: string; entry: AdminWaitlistEntry }> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
    if (!entry) throw new HttpError(404, WAITLIST_ENTRY_NOT_FOUND);
    const dateId = entry.workshopDateId ?? workshopDateId;
    if (dateId === undefined) throw new HttpError(400, 'Choose the date whose seats to offer to this entry.', 'date_required');
    const offered = await offerSeatsByHand(tx, id, dateId, now);
    await recordAudit(tx, { actor: actor.email, action: 'waitlist_offer_sent', entity: ENTITY, entityId: id, details: { workshopDateId: dateId, seats: offered.seats, offerExpiresAt: offered.offerExpiresAt } });
  });
  deps.onSeatsChanged?.();
  return { success: true, message: 'The seats are held for this person and the offer is being e-mailed.', entry: await adminEntry(deps, id) };
}
