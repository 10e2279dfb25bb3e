import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { LIVE_WAITLIST_STATUSES, SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import type { Database } from '../../../server/db/client';
import { bookings, orders, waitlistEntries, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { releaseDiscountUse } from './discounts';
import { getPaymentSettings } from '../../settings/server';

/*
 * Where a freed seat goes (docs/decisions/019-waiting-list.md): to the waiting list first, inside
 * the transaction that frees it. Every way a seat frees (a cancel, a refund, a hold or reservation
 * that ran out, an admin's delete or move, an offer that ran out or was declined) ends in
 * releaseSeat, and a date given more seats calls offerFreedSeats. Locks: the date's row, then its
 * entries, in id order, on every path.
 */

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
type WorkshopDateRow = typeof workshopDates.$inferSelect;
type DateFacts = { id: number; templateId: number | null };

const address = (email: string) => email.trim().toLowerCase();

/**
 * Gives `seats` seats of a date back and offers them to the waiting list. Call inside the
 * transaction that records why they freed. Answers the seats offered.
 */
export async function releaseSeat(tx: Database, workshopDateId: number, seats = 1, now = new Date()): Promise<number> {
  await tx
    .update(workshopDates)
    .set({ seatsTaken: sql`greatest(${workshopDates.seatsTaken} - ${seats}, 0)`, updatedAt: new Date() })
    .where(eq(workshopDates.id, workshopDateId));
  return offerFreedSeats(tx, workshopDateId, now);
}

/**
 * Offers a date's free seats to the people waiting, in order of joining: each entry whose seats
 * fit what is still free gets an offer that holds them (they join seats_taken) until the payment
 * settings' waitlistOfferHours have passed, never past the workshop's start; its e-mail follows
 * after the commit (sendOfferEmails in the waitlist feature). Entries whose person already holds
 * a seat on the date are closed as booked instead: nobody is offered what they have. A date that
 * is withdrawn or has started offers nothing. Answers the seats offered.
 */
export async function offerFreedSeats(tx: Database, workshopDateId: number, now = new Date()): Promise<number> {
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, workshopDateId)).for('update');
  if (!date?.isActive || (date.startsAt && date.startsAt <= now)) return 0;
  let free = date.seatsTotal - date.seatsTaken;
  if (free <= 0) return 0;
  const line = await waitingFor(tx, date);
  if (line.length === 0) return 0;

  const taken = await peopleHoldingDate(tx, date.id, line.map((entry) => entry.email));
  const deadline = await offerDeadline(tx, date, now);
  let offered = 0;
  for (const entry of line) {
    if (taken.has(address(entry.email))) {
      await closeEntries(tx, [entry.id], 'booked', now);
      continue;
    }
    if (entry.seats > free) continue;
    await markOffered(tx, entry.id, date, deadline, now);
    // A person waiting for this date and for the workshop's next date gets one offer.
    taken.add(address(entry.email));
    free -= entry.seats;
    offered += entry.seats;
  }
  if (offered > 0) await takeOfferedSeats(tx, date.id, offered);
  return offered;
}

/** When an offer made now ends: the payment settings' waitlistOfferHours on, never past the workshop's start. */
async function offerDeadline(tx: Database, date: WorkshopDateRow, now: Date): Promise<Date> {
  const { waitlistOfferHours } = await getPaymentSettings(tx);
  return new Date(Math.min(now.getTime() + waitlistOfferHours * 3_600_000, date.startsAt?.getTime() ?? Infinity));
}

/** When this process last made an offer (epoch ms): its e-mail sender need not run while none was made lately. */
let lastOfferMadeAt = 0;
export const lastOfferMade = (): number => lastOfferMadeAt;

async function markOffered(tx: Database, entryId: number, date: WorkshopDateRow, deadline: Date, now: Date): Promise<void> {
  lastOfferMadeAt = Date.now();
  await tx
    .update(waitlistEntries)
    .set({ status: 'offered', workshopDateId: date.id, offeredAt: now, offerExpiresAt: deadline, offerSeatCents: date.priceCents, offerEmailedAt: null, orderId: null })
    .where(eq(waitlistEntries.id, entryId));
}

async function takeOfferedSeats(tx: Database, workshopDateId: number, seats: number): Promise<void> {
  await tx
    .update(workshopDates)
    .set({ seatsTaken: sql`${workshopDates.seatsTaken} + ${seats}`, updatedAt: new Date() })
    .where(eq(workshopDates.id, workshopDateId));
}

export const OFFER_NEEDS_WAITING = 'Only an entry that is waiting can be offered seats.';
export const OFFER_DATE_CLOSED = 'This date is withdrawn or has started: its seats cannot be offered.';
export const offerNeedsSeats = (free: number, seats: number) =>
  `${seats === 1 ? 'One seat is' : `${seats} seats are`} needed and ${free <= 0 ? 'none is' : free === 1 ? 'only 1 is' : `only ${free} are`} free on this date. Free seats first (raise the date's seats or cancel a booking), then offer them.`;

/**
 * The organiser offers a date's free seats to one entry by hand, out of turn (someone whose seats
 * fit no freed seat yet, say). Only free seats can be offered: never a seat someone holds. Answers
 * the entry as offered; refuses with 409 when the entry no longer waits or the seats are not free.
 */
export async function offerSeatsByHand(tx: Database, entryId: number, workshopDateId: number, now = new Date()): Promise<WaitlistEntryRow> {
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, workshopDateId)).for('update');
  const entry = await lockEntry(tx, entryId);
  if (!entry || entry.status !== 'waiting') throw new HttpError(409, OFFER_NEEDS_WAITING, 'entry_not_waiting');
  if (!date?.isActive || (date.startsAt && date.startsAt <= now)) throw new HttpError(409, OFFER_DATE_CLOSED, 'date_closed');
  const free = date.seatsTotal - date.seatsTaken;
  if (entry.seats > free) throw new HttpError(409, offerNeedsSeats(free, entry.seats), 'not_enough_seats');
  await markOffered(tx, entry.id, date, await offerDeadline(tx, date, now), now);
  await takeOfferedSeats(tx, date.id, entry.seats);
  const [offered] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
  return offered!;
}

/** The entries in line for a date (its own, and its workshop's "next date with room"), first come first, locked. */
async function waitingFor(tx: Database, date: DateFacts): Promise<WaitlistEntryRow[]> {
  return tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.status, 'waiting'), entriesFor(date))).orderBy(asc(waitlistEntries.id)).for('update');
}

/** Entries that name the date, or wait for its workshop's next date with room. */
function entriesFor(date: DateFacts | number) {
  if (typeof date === 'number') {
    const templateOfDate = sql`(select ${workshopDates.templateId} from ${workshopDates} where ${workshopDates.id} = ${date})`;
    return or(eq(waitlistEntries.workshopDateId, date), and(isNull(waitlistEntries.workshopDateId), eq(waitlistEntries.templateId, templateOfDate)));
  }
  const ownDate = eq(waitlistEntries.workshopDateId, date.id);
  return date.templateId === null ? ownDate : or(ownDate, and(isNull(waitlistEntries.workshopDateId), eq(waitlistEntries.templateId, date.templateId)));
}

/**
 * Of these addresses (any case), those that already hold a seat on the date, or an offer on it:
 * lower case.
 */
async function peopleHoldingDate(tx: Database, workshopDateId: number, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(address))];
  const seated = await tx
    .select({ email: sql<string>`lower(${bookings.email})` })
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, workshopDateId), inArray(bookings.status, [...SEAT_HOLDING_STATUSES]), inArray(sql`lower(${bookings.email})`, wanted)));
  const offered = await tx
    .select({ email: sql<string>`lower(${waitlistEntries.email})` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.workshopDateId, workshopDateId), eq(waitlistEntries.status, 'offered'), inArray(sql`lower(${waitlistEntries.email})`, wanted)));
  return new Set([...seated, ...offered].map((row) => row.email));
}

async function closeEntries(tx: Database, ids: number[], status: 'booked' | 'expired' | 'left' | 'removed', now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(waitlistEntries).set({ status, closedAt: now }).where(inArray(waitlistEntries.id, ids));
}

/**
 * Closes an entry that is still in line or holding an offer: `to` says why (its offer ran out, its
 * person left, the organiser removed it). An offer's seats go on to the next in line, and a
 * checkout opened from it that is still unpaid lapses (a payment arriving later is a lapsed
 * order's: refunded unless the public could buy those seats). Answers the entry as it was, or
 * null when it was no longer live.
 */
export async function closeEntry(tx: Database, entryId: number, to: 'expired' | 'left' | 'removed', now = new Date()): Promise<WaitlistEntryRow | null> {
  const entry = await lockEntry(tx, entryId);
  if (!entry || !(LIVE_WAITLIST_STATUSES as readonly string[]).includes(entry.status)) return null;
  await closeEntries(tx, [entry.id], to, now);
  if (entry.status === 'offered') await giveUpOffer(tx, entry, now);
  return entry;
}

/**
 * The entry, locked after its date's row (the order every path takes); an entry waiting for a
 * workshop's next date that an offer names meanwhile is locked again after that date.
 */
export async function lockEntry(tx: Database, entryId: number): Promise<WaitlistEntryRow | undefined> {
  for (;;) {
    const [seen] = await tx.select({ workshopDateId: waitlistEntries.workshopDateId }).from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    if (!seen) return undefined;
    if (seen.workshopDateId !== null) await tx.select({ id: workshopDates.id }).from(workshopDates).where(eq(workshopDates.id, seen.workshopDateId)).for('update');
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for('update');
    if (!entry || entry.workshopDateId === seen.workshopDateId) return entry;
  }
}

/**
 * Someone booked the date (an order's seats, a claimed seat): their entries for it, and for the
 * next date of its workshop, close as booked, and an offer they held goes on to the next person.
 * `exceptOrderId`: the order that booked through its own offer (that entry is closed by
 * bookOffer).
 */
export async function closeEntriesBookedBy(tx: Database, workshopDateId: number, emails: string[], now = new Date(), exceptOrderId?: number): Promise<void> {
  const wanted = [...new Set(emails.map(address))];
  if (wanted.length === 0) return;
  const theirs = and(
    inArray(waitlistEntries.status, [...LIVE_WAITLIST_STATUSES]),
    entriesFor(workshopDateId),
    inArray(sql`lower(${waitlistEntries.email})`, wanted),
    exceptOrderId === undefined ? undefined : or(isNull(waitlistEntries.orderId), ne(waitlistEntries.orderId, exceptOrderId)),
  );
  // Most bookings have no entry to close: look before locking anything.
  const [any] = await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(theirs).limit(1);
  if (!any) return;
  // The date's row before its entries, as on every path that frees or offers seats.
  await tx.select({ id: workshopDates.id }).from(workshopDates).where(eq(workshopDates.id, workshopDateId)).for('update');
  const live = await tx.select().from(waitlistEntries).where(theirs).orderBy(asc(waitlistEntries.id)).for('update');
  await closeEntries(tx, live.filter((entry) => entry.status === 'waiting').map((entry) => entry.id), 'booked', now);
  for (const entry of live.filter((each) => each.status === 'offered')) {
    await tx.update(waitlistEntries).set({ status: 'booked', closedAt: now }).where(eq(waitlistEntries.id, entry.id));
    await giveUpOffer(tx, entry, now);
  }
}

/**
 * An offer that ends unused: a checkout opened from it and still unpaid lapses (its code's uses go
 * back; it held no seats of its own), and the offer's seats go on to the next in line.
 */
async function giveUpOffer(tx: Database, entry: WaitlistEntryRow, now: Date): Promise<void> {
  if (entry.orderId !== null) {
    const [lapsed] = await tx
      .update(orders)
      .set({ status: 'lapsed', holdExpiresAt: null })
      .where(and(eq(orders.id, entry.orderId), eq(orders.status, 'pending')))
      .returning({ discountCodeId: orders.discountCodeId, seats: orders.seats });
    if (lapsed?.discountCodeId) await releaseDiscountUse(tx, lapsed.discountCodeId, lapsed.seats);
  }
  await releaseSeat(tx, entry.workshopDateId!, entry.seats, now);
}

/** The live offers whose seats a checkout of these orders is paying for: order id → entry. */
export async function offersPaidBy(tx: Database, orderIds: number[]): Promise<Map<number, WaitlistEntryRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.orderId, orderIds), eq(waitlistEntries.status, 'offered')));
  return new Map(rows.map((entry) => [entry.orderId!, entry]));
}

/**
 * An order opened from an offer is paid: the offer's seats become the order's (seats_taken does
 * not change), the entry is booked, and seats offered beyond what the order bought go on to the
 * next in line. Call with the order's date row locked.
 */
export async function bookOffer(tx: Database, entry: WaitlistEntryRow, orderSeats: number, now = new Date()): Promise<void> {
  await tx.update(waitlistEntries).set({ status: 'booked', closedAt: now }).where(eq(waitlistEntries.id, entry.id));
  if (entry.seats > orderSeats) await releaseSeat(tx, entry.workshopDateId!, entry.seats - orderSeats, now);
}
