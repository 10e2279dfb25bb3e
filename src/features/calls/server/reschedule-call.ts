import { eq } from 'drizzle-orm';
import { bookings, followUpCalls } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { refusedAs } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import { CALL_NOT_FOUND, NOT_A_SLOT, SLOT_TAKEN, TOO_LATE_TO_CHANGE, type Call } from '../calls.schema';
import { queueCallEmails } from './call-emails';
import { callAnswer, callStory, isChangeable } from './call-story';
import type { CallsDeps } from './calls-deps';
import { lockedCall } from './locked-call';
import { clashesWithACall, isGridSlot, seatCallWindow, type SeatRow } from './seat-calls';

/**
 * PATCH /api/participant/bookings/{id}/calls/{callId} {startsAt}: the same call at another free
 * slot, up to the minimum notice before its current time. It keeps its id and its calendar event
 * (same UID, SEQUENCE one higher), and its reminder is due again for the new time. Asking for the
 * time it already has changes nothing.
 */
export async function rescheduleCall(deps: CallsDeps, seat: SeatRow, by: string, callId: number, startsAtText: string): Promise<Call> {
  const now = deps.now();
  const startsAt = new Date(startsAtText);
  const { call, minNoticeHours, moved } = await deps.db.transaction(async (tx) => {
    const current = await lockedCall(tx, callId, seat.id);
    if (current.status !== 'booked') throw new HttpError(404, CALL_NOT_FOUND);
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, seat.id)).for('update');
    const window = await seatCallWindow(tx, locked!, now);
    const { availability } = window;
    if (current.startsAt.getTime() === startsAt.getTime()) return { call: current, minNoticeHours: availability.minNoticeHours, moved: false };
    if (!isChangeable(current, availability.minNoticeHours, now)) throw new HttpError(409, TOO_LATE_TO_CHANGE(availability.minNoticeHours), 'too_late');
    if (!window.earliest) throw new HttpError(409, window.reason ?? CALL_NOT_FOUND, 'calls_not_allowed');
    const slot = await isGridSlot(tx, window, startsAt);
    if (!slot) throw new HttpError(400, NOT_A_SLOT, 'not_a_slot');
    if (await clashesWithACall(tx, slot, availability.bufferMinutes, current.id)) throw new HttpError(409, SLOT_TAKEN, 'slot_taken');
    const [row] = await refusedAs(
      () =>
        tx
          .update(followUpCalls)
          .set({ startsAt: slot.start, endsAt: slot.end, sequence: current.sequence + 1, remindedAt: null })
          .where(eq(followUpCalls.id, current.id))
          .returning(),
      '23505',
      () => new HttpError(409, SLOT_TAKEN, 'slot_taken'),
    );
    const story = await callStory(tx, row!, availability);
    if (story) await queueCallEmails(tx, 'moved', story, deps);
    await recordAudit(tx, {
      actor: by,
      action: 'call_moved',
      entity: 'booking',
      entityId: seat.id,
      details: { callId: current.id, from: current.startsAt.toISOString(), to: slot.start.toISOString() },
    });
    return { call: row!, minNoticeHours: availability.minNoticeHours, moved: true };
  });
  if (moved) deps.onEmailQueued?.();
  return callAnswer(call, minNoticeHours, now);
}
