import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LIVE_WAITLIST_STATUSES } from '../../../common/booking-status';
import { publicSeatsLeft } from '../../../server/db/public-seats';
import { waitlistEntries, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { offerFreedSeats } from '../../booking/server';
import { DATE_STARTED, NO_NEXT_DATE, SEATS_AVAILABLE, WAITLIST_DATE_NOT_FOUND, type JoinWaitlist, type JoinWaitlistResponse } from '../waitlist.schema';
import { positionOf } from './positions';
import type { WaitlistDeps } from './waitlist-deps';
import { queueJoinedEmail, workshopTitleOf } from './waitlist-emails';

const joinedMessage = (position: number, email: string) =>
  `You are number ${position} on the waiting list. We sent a confirmation to ${email}; when seats free up for you, we e-mail you a link that holds them.`;

/**
 * POST /api/waitlist: joins a booked-out date's waiting list, or (`nextDate`) the list for
 * whichever date of the same workshop frees first. Refused with 409 `seats_available` while that
 * many seats can be booked by the public. The same address again for the same list answers its
 * entry (`alreadyWaiting`). Runs under the date's row lock, so a seat freeing meanwhile is offered
 * to the list this entry is already in; if seats are free that nobody ahead of it could use, it
 * is offered them at once.
 */
export async function joinWaitlist(deps: WaitlistDeps, input: JoinWaitlist): Promise<JoinWaitlistResponse> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [date] = await tx.select({ row: workshopDates, seatsLeft: publicSeatsLeft() }).from(workshopDates).where(eq(workshopDates.id, input.workshopDateId)).for('update');
    if (!date || !date.row.isActive || (date.row.endsAt && date.row.endsAt <= now)) throw new HttpError(404, WAITLIST_DATE_NOT_FOUND);
    if (date.row.startsAt && date.row.startsAt <= now) throw new HttpError(409, DATE_STARTED, 'date_started');
    if (input.nextDate && date.row.templateId === null) throw new HttpError(409, NO_NEXT_DATE, 'no_next_date');
    if (date.seatsLeft >= input.seats) throw new HttpError(409, SEATS_AVAILABLE(input.seats), 'seats_available');

    const email = input.email.trim();
    const list = input.nextDate ? and(isNull(waitlistEntries.workshopDateId), eq(waitlistEntries.templateId, date.row.templateId!)) : eq(waitlistEntries.workshopDateId, date.row.id);
    const [existing] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(list, inArray(waitlistEntries.status, [...LIVE_WAITLIST_STATUSES]), eq(sql`lower(${waitlistEntries.email})`, email.toLowerCase())))
      .limit(1);
    if (existing) return { entry: existing, created: false, offered: false, templateId: null };

    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        workshopDateId: input.nextDate ? null : date.row.id,
        templateId: input.nextDate ? date.row.templateId : null,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        seats: input.seats,
        timeZone: input.timeZone ?? null,
      })
      .returning();
    const position = (await positionOf(tx, entry!)) ?? 1;
    await queueJoinedEmail(tx, deps, entry!, { position, date: input.nextDate ? null : date.row, workshopTitle: await workshopTitleOf(tx, entry!) }, now);
    await recordAudit(tx, {
      actor: email.toLowerCase(),
      action: 'waitlist_joined',
      entity: 'waitlist_entry',
      entityId: entry!.id,
      details: { workshopDateId: date.row.id, seats: input.seats, nextDate: input.nextDate },
    });
    // Seats the public may not buy because someone ahead waits for more than are free: this entry may fit them.
    const offered = (await offerFreedSeats(tx, date.row.id, now)) > 0;
    return { entry: entry!, created: true, offered, templateId: input.nextDate ? date.row.templateId : null };
  });
  // Waiting for the next date with room: another date of the workshop may have room right now.
  // Each in its own transaction, so no two dates' rows are ever locked together here.
  let offeredElsewhere = false;
  if (outcome.created && outcome.templateId !== null) {
    const others = await deps.db.select({ id: workshopDates.id }).from(workshopDates).where(and(eq(workshopDates.templateId, outcome.templateId), eq(workshopDates.isActive, true)));
    for (const other of others) {
      if (other.id === input.workshopDateId) continue;
      offeredElsewhere = (await deps.db.transaction((tx) => offerFreedSeats(tx, other.id, now))) > 0 || offeredElsewhere;
    }
  }
  if (outcome.created) deps.onEmailQueued?.();
  if (outcome.offered || offeredElsewhere) deps.onSeatsChanged?.();
  const position = (await positionOf(deps.db, outcome.entry)) ?? 1;
  return { id: outcome.entry.id, position, alreadyWaiting: !outcome.created, message: joinedMessage(position, outcome.entry.email) };
}
