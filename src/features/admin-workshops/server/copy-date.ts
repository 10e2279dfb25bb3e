import { eq } from 'drizzle-orm';
import { workshopInterval } from '../../../common/dates';
import { workshopDates } from '../../../server/db/schema';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { HttpError } from '../../../server/plugins/error-handler';
import { offerFreedSeats } from '../../booking/server';
import { REPEAT_NEEDS_A_DATE, WORKSHOP_DATE_NOT_FOUND, type AdminWorkshopDate } from '../admin-workshops.schema';
import { isoDayFromWorkshopDate, normaliseWorkshopDate } from '../workshop-date-text';
import { findAdminWorkshopDate, listAdminWorkshopDates, type WorkshopDeps } from './admin-workshops.service';
import type { DateRow } from './date-people';

/*
 * Duplicate a date, and repeat one weekly (docs/decisions/022-dates-that-change.md). A copy has
 * the original's workshop, price, seats and meeting details, and none of its history: no seats
 * taken, not featured, not called off, no poll. Each call is one transaction with its audit row.
 */

type DateCopy = Omit<typeof workshopDates.$inferInsert, 'id'>;

/** The row's columns a copy keeps, on sale as `isActive` says. */
function copyOf(row: DateRow, isActive: boolean): DateCopy {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, calledOffAt: _calledOffAt, pollClosedAt: _pollClosedAt, ...kept } = row;
  return { ...kept, seatsTaken: 0, isFeatured: false, isActive };
}

const DAY_MS = 86_400_000;

/** 'July 4, 2031' moved on by `days` calendar days. */
function dayAfter(date: string, days: number): string {
  const iso = isoDayFromWorkshopDate(date);
  const moved = new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return normaliseWorkshopDate(moved)!;
}

/**
 * The copy `weeks` weeks on: the same wall-clock time in the date's zone, so across a change of
 * daylight time the local time stays and the UTC instants move.
 */
function weeksLater(row: DateRow, weeks: number): DateCopy {
  const date = dayAfter(row.date, weeks * 7);
  const interval = workshopInterval(date, row.time, row.timezone, row.endsNextDay);
  if (!interval) throw new HttpError(400, REPEAT_NEEDS_A_DATE, 'validation_error');
  return { ...copyOf(row, row.isActive && !row.calledOffAt), date, startsAt: interval.start, endsAt: interval.end };
}

async function insertCopies(deps: WorkshopDeps, actor: Actor, id: number, make: (row: DateRow) => DateCopy[], action: string): Promise<number[]> {
  const ids = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(workshopDates).where(eq(workshopDates.id, id));
    if (!row) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
    const inserted = await tx.insert(workshopDates).values(make(row)).returning({ id: workshopDates.id, isActive: workshopDates.isActive });
    // People waiting for the workshop's next date with room are offered a copy on sale, as any new date.
    for (const copy of inserted) if (copy.isActive) await offerFreedSeats(tx, copy.id);
    const copyIds = inserted.map((copy) => copy.id);
    await recordAudit(tx, { actor: actor.email, action, entity: 'workshop_date', entityId: id, details: { title: row.title, copyIds } });
    return copyIds;
  });
  deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  return ids;
}

/** POST …/duplicate: one copy, off sale until the organiser has looked at it (a draft to edit). */
export async function duplicateDate(deps: WorkshopDeps, actor: Actor, id: number): Promise<AdminWorkshopDate> {
  const [copyId] = await insertCopies(deps, actor, id, (row) => [copyOf(row, false)], 'workshop_date_duplicated');
  return findAdminWorkshopDate(deps.db, copyId!);
}

/** POST …/repeat {weeks}: one copy a week for `weeks` weeks after the date, on sale when the original is. */
export async function repeatDateWeekly(deps: WorkshopDeps, actor: Actor, id: number, weeks: number): Promise<{ created: AdminWorkshopDate[] }> {
  const ids = await insertCopies(
    deps,
    actor,
    id,
    (row) => {
      if (row.isTBC || !row.date) throw new HttpError(400, REPEAT_NEEDS_A_DATE, 'validation_error');
      return Array.from({ length: weeks }, (_, index) => weeksLater(row, index + 1));
    },
    'workshop_date_repeated',
  );
  const wanted = new Set(ids);
  const created = (await listAdminWorkshopDates(deps.db)).filter((date) => wanted.has(date.id));
  return { created: created.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)) };
}

