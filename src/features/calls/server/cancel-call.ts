import { eq } from 'drizzle-orm';
import { followUpCalls } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { TOO_LATE_TO_CHANGE } from '../calls.schema';
import { queueCallEmails } from './call-emails';
import { getCallAvailability } from './call-settings';
import { callStory, isChangeable } from './call-story';
import type { CallsDeps } from './calls-deps';
import { lockedCall } from './locked-call';
import type { SeatRow } from './seat-calls';

/**
 * DELETE /api/participant/bookings/{id}/calls/{callId}: the slot is free again and the seat has
 * the call back, up to the minimum notice before it; later, 409 'too_late'. Asked twice (a double
 * click, a second tab), the second finds it cancelled and changes nothing.
 */
export async function cancelCall(deps: CallsDeps, seat: SeatRow, by: string, callId: number): Promise<{ message: string }> {
  const now = deps.now();
  const cancelled = await deps.db.transaction(async (tx) => {
    const call = await lockedCall(tx, callId, seat.id);
    if (call.status === 'cancelled') return false;
    const availability = await getCallAvailability(tx);
    if (!isChangeable(call, availability.minNoticeHours, now)) throw new HttpError(409, TOO_LATE_TO_CHANGE(availability.minNoticeHours), 'too_late');
    const [row] = await tx.update(followUpCalls).set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'participant' }).where(eq(followUpCalls.id, call.id)).returning();
    const story = await callStory(tx, row!, availability);
    if (story) await queueCallEmails(tx, 'cancelled', story, deps, { cancelledBy: 'participant' });
    await recordAudit(tx, { actor: by, action: 'call_cancelled', entity: 'booking', entityId: seat.id, details: { callId: call.id, startsAt: call.startsAt.toISOString() } });
    return true;
  });
  if (cancelled) deps.onEmailQueued?.();
  return { message: cancelled ? 'Your call is cancelled. You can book another time.' : 'This call was already cancelled.' };
}
