import { eq } from 'drizzle-orm';
import { bookings, followUpCalls } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { refusedAs } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import { NO_CALLS_LEFT, NOT_A_SLOT, SLOT_TAKEN, type Call } from '../calls.schema';
import { queueCallEmails } from './call-emails';
import { callAnswer, callStory } from './call-story';
import type { CallsDeps } from './calls-deps';
import { clashesWithACall, isGridSlot, lockCallTimes, seatCallWindow, type SeatRow } from './seat-calls';

/**
 * POST /api/participant/bookings/{id}/calls {startsAt}. Under the calls' lock the seat is read
 * again (a cancel that committed meanwhile is seen), then the slot: of many requests for one time
 * exactly one books it, the rest answer 'slot_taken' (the unique index on a booked call's start
 * stands behind the lock). Both sides get an e-mail with the calendar event.
 */
export async function bookCall(deps: CallsDeps, seat: SeatRow, by: string, startsAtText: string): Promise<Call> {
  const now = deps.now();
  const startsAt = new Date(startsAtText);
  const { call, minNoticeHours } = await deps.db.transaction(async (tx) => {
    await lockCallTimes(tx);
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, seat.id)).for('update');
    const window = locked ? await seatCallWindow(tx, locked, now) : null;
    if (!locked || !window?.earliest) throw new HttpError(409, window?.reason ?? 'Booking not found', 'calls_not_allowed');
    if (window.remaining <= 0) throw new HttpError(409, NO_CALLS_LEFT, 'no_calls_left');
    const slot = await isGridSlot(tx, window, startsAt);
    if (!slot) throw new HttpError(400, NOT_A_SLOT, 'not_a_slot');
    const { availability } = window;
    if (await clashesWithACall(tx, slot, availability.bufferMinutes)) throw new HttpError(409, SLOT_TAKEN, 'slot_taken');
    const [row] = await refusedAs(
      () => tx.insert(followUpCalls).values({ bookingId: locked.id, startsAt: slot.start, endsAt: slot.end, meetingLink: availability.meetingLink }).returning(),
      '23505',
      () => new HttpError(409, SLOT_TAKEN, 'slot_taken'),
    );
    const story = await callStory(tx, row!, availability);
    if (story) await queueCallEmails(tx, 'booked', story, deps);
    await recordAudit(tx, { actor: by, action: 'call_booked', entity: 'booking', entityId: locked.id, details: { callId: row!.id, startsAt: slot.start.toISOString() } });
    return { call: row!, minNoticeHours: availability.minNoticeHours };
  });
  deps.onEmailQueued?.();
  return callAnswer(call, minNoticeHours, now);
}
