import { and, asc, eq, getTableColumns, lte, ne, sql } from 'drizzle-orm';
import { workshopInterval } from '../../../common/dates';
import { normaliseTimeZoneText } from '../../../common/time-zones';
import { centsToDollars, dollarsToCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, orders, workshopDates, workshopTemplates } from '../../../server/db/schema';
import type { AppDeps } from '../../../server/deps';
import { fieldChanges, recordAudit, type Actor } from '../../../server/lib/audit';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { sentFields } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  INVALID_DATE,
  NEW_WORKSHOP_DEFAULTS,
  seatsBelowTaken,
  WORKSHOP_DATE_NOT_FOUND,
  WORKSHOP_DEACTIVATED_MESSAGE,
  WORKSHOP_DELETED_MESSAGE,
  WORKSHOP_TEMPLATE_NOT_FOUND,
  workshopFormSchema,
  type AdminWorkshopDate,
  type DeleteWorkshopDateResult,
  type WorkshopDateInput,
  type WorkshopDateUpdate,
  type DateChangePreview,
  type WorkshopForm,
} from '../admin-workshops.schema';
import { offerFreedSeats } from '../../booking/server';
import { copyDefaultScheduledMessages } from '../../date-messages/server';
import { normaliseWorkshopDate, normaliseWorkshopTime } from '../workshop-date-text';
import { zonedTimesOf } from '../../workshops';
import { dateChangesBetween } from '../date-changes';
import { liveSeatCount } from './date-people';
import { applyDateChange } from './notify-date-change';

/**
 * The admin's workshop dates: create, edit, toggle, delete. Each write runs in one
 * transaction with its audit row, then clears the public listing cache so visitors see it at once.
 */

export type WorkshopDeps = Pick<AppDeps, 'db' | 'publicCache' | 'env' | 'onEmailQueued'>;

type WorkshopDateRow = typeof workshopDates.$inferSelect;
type WorkshopDateValues = Omit<typeof workshopDates.$inferInsert, 'id' | 'createdAt' | 'seatsTaken'> & { seatsTotal: number };

const AUDIT_ENTITY = 'workshop_date';
/** Serialises "feature this one": two admins featuring different dates at once must not collide on the unique index. */
const FEATURE_LOCK_KEY = 727_274_002;

// Spelled out with an alias: inside a one-table select drizzle leaves column names unqualified.
const bookingsCount = sql<number>`(select count(*)::int from bookings as counted where counted.workshop_date_id = workshop_dates.id)`;
// People in line for this date itself or holding an offer on it (the partial index waitlist_live_by_date_idx answers it).
const waitlistCount = sql<number>`(select count(*)::int from waitlist_entries as queued where queued.workshop_date_id = workshop_dates.id and queued.status in ('waiting', 'offered'))`;
/** The counts every admin row carries beside the date's own columns. */
const counts = { bookingsCount, waitlistCount };

export function toAdminWorkshopDate({ bookingsCount: booked, waitlistCount: waiting, ...row }: WorkshopDateRow & { bookingsCount: number; waitlistCount: number }): AdminWorkshopDate {
  return {
    id: row.id,
    ...formOf(row),
    seatsTaken: row.seatsTaken,
    ...zonedTimesOf(row),
    bookingsCount: Number(booked),
    waitlistCount: Number(waiting),
    createdAt: row.createdAt.toISOString(),
    calledOffAt: row.calledOffAt?.toISOString() ?? null,
  };
}

/** Every date, active or not, soonest first and TBC last. */
export async function listAdminWorkshopDates(db: Database): Promise<AdminWorkshopDate[]> {
  const rows = await db
    .select({ ...getTableColumns(workshopDates), ...counts })
    .from(workshopDates)
    .orderBy(sql`${workshopDates.startsAt} asc nulls last`, asc(workshopDates.id));
  return rows.map(toAdminWorkshopDate);
}

export async function findAdminWorkshopDate(db: Database, id: number): Promise<AdminWorkshopDate> {
  const [row] = await db
    .select({ ...getTableColumns(workshopDates), ...counts })
    .from(workshopDates)
    .where(eq(workshopDates.id, id));
  if (!row) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
  return toAdminWorkshopDate(row);
}

/** The row as the form holds it: the same columns but for the bookkeeping ones, no date or time while TBC, the price in dollars. */
export function formOf(row: WorkshopDateRow): WorkshopForm {
  const { id: _id, startsAt: _startsAt, endsAt: _endsAt, seatsTaken: _seatsTaken, priceCents, createdAt: _createdAt, updatedAt: _updatedAt, calledOffAt: _calledOffAt, pollClosedAt: _pollClosedAt, ...form } = row;
  return { ...form, date: row.isTBC ? '' : row.date, time: row.isTBC ? '' : row.time, price: centsToDollars(priceCents) };
}

/**
 * Lays the body over `base` (the defaults, or the stored row), fills an empty title from the
 * chosen template, and checks the result with the form's schema.
 */
export async function resolveForm(tx: Database, input: WorkshopDateInput, base: WorkshopForm, creating: boolean): Promise<WorkshopForm> {
  const given = sentFields(input) as Partial<WorkshopForm>;
  const merged: WorkshopForm = { ...base, ...given };
  if (merged.templateId != null) {
    const [template] = await tx.select().from(workshopTemplates).where(eq(workshopTemplates.id, merged.templateId));
    if (!template) throw new HttpError(400, WORKSHOP_TEMPLATE_NOT_FOUND, 'workshop_template_not_found');
    if (!merged.title.trim()) {
      merged.title = template.title;
      if (given.expertiseLevel === undefined) merged.expertiseLevel = template.expertiseLevel;
      if (creating && given.seatsTotal === undefined) merged.seatsTotal = template.defaultSeats;
      if (creating && given.description === undefined) merged.description = template.description;
    }
  }
  const parsed = workshopFormSchema.safeParse(merged);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid workshop', 'validation_error');
  return parsed.data;
}

/** Trimmed text, or null for none. */
export const textOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** One link per line, blank lines dropped. */
function materialLinksOf(value: string | null): string | null {
  const lines = (value ?? '').split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  return lines.length ? lines.join('\n') : null;
}

/** The stored shape: date and time in their one spelling, the start and end instants derived from them. */
export function valuesOf(form: WorkshopForm): WorkshopDateValues {
  const timezone = normaliseTimeZoneText(form.timezone);
  let date = '';
  let time = '';
  let interval: { start: Date; end: Date } | null = null;
  let endsNextDay = false;
  if (!form.isTBC) {
    date = normaliseWorkshopDate(form.date) ?? '';
    time = normaliseWorkshopTime(form.time) ?? '';
    // Only a range has an end to put on the next day; a single time is one hour, past midnight or not.
    endsNextDay = form.endsNextDay && time.includes(' - ');
    interval = workshopInterval(date, time, timezone, endsNextDay);
    // The schema has checked both; this guards the derivation itself.
    if (!interval) throw new HttpError(400, INVALID_DATE, 'validation_error');
  }
  return {
    templateId: form.templateId,
    title: form.title.trim(),
    description: textOrNull(form.description),
    expertiseLevel: form.expertiseLevel,
    date,
    time,
    timezone,
    endsNextDay,
    startsAt: interval?.start ?? null,
    endsAt: interval?.end ?? null,
    seatsTotal: form.seatsTotal,
    priceCents: dollarsToCents(form.price),
    isActive: form.isActive,
    isFeatured: form.isFeatured,
    isTBC: form.isTBC,
    requiresImmediatePayment: form.requiresImmediatePayment,
    zoomLink: textOrNull(form.zoomLink),
    zoomMeetingId: textOrNull(form.zoomMeetingId),
    zoomPassword: textOrNull(form.zoomPassword),
    additionalInfo: textOrNull(form.additionalInfo),
    materialLinks: materialLinksOf(form.materialLinks),
  };
}

/** Only one workshop is featured: un-feature every other one, inside the caller's transaction. */
async function unfeatureOthers(tx: Database, keepId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(FEATURE_LOCK_KEY))})`);
  await tx
    .update(workshopDates)
    .set({ isFeatured: false, updatedAt: new Date() })
    .where(keepId === null ? eq(workshopDates.isFeatured, true) : and(eq(workshopDates.isFeatured, true), ne(workshopDates.id, keepId)));
}

export async function createWorkshopDate(deps: WorkshopDeps, actor: Actor, input: WorkshopDateInput): Promise<AdminWorkshopDate> {
  const id = await deps.db.transaction(async (tx) => {
    const form = await resolveForm(tx, input, NEW_WORKSHOP_DEFAULTS, true);
    const values = valuesOf(form);
    if (values.isFeatured) await unfeatureOthers(tx, null);
    const [row] = await tx.insert(workshopDates).values(values).returning({ id: workshopDates.id });
    // People waiting for the workshop's next date with room are offered this one's seats.
    await offerFreedSeats(tx, row!.id);
    // The organiser's default scheduled messages (none until they save some).
    await copyDefaultScheduledMessages(tx, row!.id);
    await recordAudit(tx, {
      actor: actor.email,
      action: 'workshop_date_created',
      entity: AUDIT_ENTITY,
      entityId: row!.id,
      details: { title: values.title, date: values.date, time: values.time, timezone: values.timezone, isTBC: values.isTBC },
    });
    return row!.id;
  });
  deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  return findAdminWorkshopDate(deps.db, id);
}

const TOGGLE_FIELDS = new Set(['isActive', 'isFeatured']);

/** The columns an edit's audit entry shows old → new; the derived instants follow date, time and zone. */
const AUDITED_VALUES = [
  'title',
  'date',
  'time',
  'timezone',
  'endsNextDay',
  'isTBC',
  'seatsTotal',
  'priceCents',
  'isActive',
  'isFeatured',
  'requiresImmediatePayment',
  'expertiseLevel',
  'zoomLink',
  'zoomMeetingId',
] as const satisfies readonly (keyof WorkshopDateRow)[];
/** Named when changed, their values left out: texts that may be long, the meeting's passcode, the template's id. */
const AUDITED_NAMES_ONLY = ['description', 'additionalInfo', 'materialLinks', 'zoomPassword', 'templateId'] as const satisfies readonly (keyof WorkshopDateRow)[];

/**
 * PUT: the edited fields (any subset of the form, laid over the stored row), or only `isActive`,
 * or only `isFeatured`. Lowering the seats below those already taken is refused by the UPDATE's
 * own condition, so a booking made meanwhile cannot be squeezed out. A change of day, time, zone
 * or meeting details bumps the live seats' calendar events, and with `notifyParticipants` e-mails
 * them what changed in the same transaction (applyDateChange; docs/decisions/022).
 */
export async function updateWorkshopDate(deps: WorkshopDeps, actor: Actor, id: number, { notifyParticipants = false, ...input }: WorkshopDateUpdate): Promise<AdminWorkshopDate> {
  const fields = Object.keys(sentFields(input));
  const toggleOnly = fields.length > 0 && fields.every((field) => TOGGLE_FIELDS.has(field));
  const notified = await deps.db.transaction(async (tx) => {
    if (toggleOnly) {
      const change: Partial<WorkshopDateValues> = {};
      if (input.isActive !== undefined) change.isActive = input.isActive;
      if (input.isFeatured !== undefined) change.isFeatured = input.isFeatured;
      if (change.isFeatured) await unfeatureOthers(tx, id);
      const updated = await tx
        .update(workshopDates)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(workshopDates.id, id))
        .returning({ id: workshopDates.id });
      if (updated.length === 0) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
      // Back on sale: the seats that freed while it was off go to its waiting list first.
      if (change.isActive) await offerFreedSeats(tx, id);
      const action = change.isFeatured === undefined ? 'workshop_date_status_changed' : 'workshop_date_featured_changed';
      await recordAudit(tx, { actor: actor.email, action, entity: AUDIT_ENTITY, entityId: id, details: change });
      return 0;
    }

    // Locked so a toggle made meanwhile is not undone by laying this body over a stale copy.
    const [existing] = await tx.select().from(workshopDates).where(eq(workshopDates.id, id)).for('update');
    if (!existing) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
    const values = valuesOf(await resolveForm(tx, input, formOf(existing), false));
    if (values.isFeatured) await unfeatureOthers(tx, id);
    const [updated] = await tx
      .update(workshopDates)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(workshopDates.id, id), lte(workshopDates.seatsTaken, values.seatsTotal)))
      .returning();
    if (!updated) {
      const [current] = await tx.select({ seatsTaken: workshopDates.seatsTaken }).from(workshopDates).where(eq(workshopDates.id, id));
      if (!current) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
      throw new HttpError(400, seatsBelowTaken(current.seatsTaken), 'seats_below_taken');
    }
    // More seats (or a date back on sale) go to the waiting list first.
    await offerFreedSeats(tx, id);
    const outcome = await applyDateChange(tx, { publicUrl: deps.env.PUBLIC_URL }, actor, existing, updated, notifyParticipants);
    await recordAudit(tx, {
      actor: actor.email,
      action: 'workshop_date_updated',
      entity: AUDIT_ENTITY,
      entityId: id,
      details: { ...fieldChanges(existing, updated, AUDITED_VALUES, AUDITED_NAMES_ONLY), ...(outcome.changes.length ? { changed: outcome.changes.map((change) => change.field), notified: outcome.notified } : {}) },
    });
    return outcome.notified;
  });
  deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  if (notified > 0) deps.onEmailQueued?.();
  return { ...(await findAdminWorkshopDate(deps.db, id)), notified };
}

/**
 * POST …/change-preview: what saving this body would change that the date's people need to hear
 * about, and how many seats would be told. Writes nothing; a body the save would refuse is 400.
 */
export async function previewDateChange(db: Database, id: number, input: WorkshopDateInput): Promise<DateChangePreview> {
  const [existing] = await db.select().from(workshopDates).where(eq(workshopDates.id, id));
  if (!existing) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
  const values = valuesOf(await resolveForm(db, input, formOf(existing), false));
  const changes = dateChangesBetween(existing, { ...existing, ...values });
  return { changes, participants: changes.length ? await liveSeatCount(db, id) : 0 };
}

/**
 * DELETE: a date that bookings or orders (and so payments) refer to is kept (their history needs it) and marked
 * inactive instead. The row lock makes a booking being written meanwhile wait, then be counted.
 */
export async function deleteWorkshopDate(deps: WorkshopDeps, actor: Actor, id: number): Promise<DeleteWorkshopDateResult> {
  const result = await deps.db.transaction(async (tx): Promise<DeleteWorkshopDateResult> => {
    const [row] = await tx.select({ id: workshopDates.id, title: workshopDates.title }).from(workshopDates).where(eq(workshopDates.id, id)).for('update');
    if (!row) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
    const [booking] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.workshopDateId, id)).limit(1);
    // Every payment belongs to an order on its date, so an order (even one never paid) keeps the date.
    const [order] = booking ? [] : await tx.select({ id: orders.id }).from(orders).where(eq(orders.workshopDateId, id)).limit(1);
    const referenced = booking !== undefined || order !== undefined;
    if (referenced) {
      await tx.update(workshopDates).set({ isActive: false, updatedAt: new Date() }).where(eq(workshopDates.id, id));
      await recordAudit(tx, { actor: actor.email, action: 'workshop_date_deactivated', entity: AUDIT_ENTITY, entityId: id, details: { title: row.title, reason: 'has bookings or payments' } });
      return { deleted: false, deactivated: true, message: WORKSHOP_DEACTIVATED_MESSAGE };
    }
    await tx.delete(workshopDates).where(eq(workshopDates.id, id));
    await recordAudit(tx, { actor: actor.email, action: 'workshop_date_deleted', entity: AUDIT_ENTITY, entityId: id, details: { title: row.title } });
    return { deleted: true, deactivated: false, message: WORKSHOP_DELETED_MESSAGE };
  });
  deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  return result;
}
