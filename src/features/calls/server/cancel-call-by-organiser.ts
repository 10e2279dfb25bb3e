import { eq } from 'drizzle-orm';
import { followUpCalls } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import type { AdminIdentity } from '../../../server/plugins/auth';
import { queueCallEmails } from './call-emails';
import { getCallAvailability } from './call-settings';
import { callStory } from './call-story';
import type { CallsDeps } from './calls-deps';
import { lockedCall } from './locked-call';

/**
 * DELETE /api/admin/calls/{id} {message?}: the organiser cancels a call at any time, and the
 * participant is told (with the message) and may book another time: the call is theirs again.
 */
export async function cancelCallByOrganiser(deps: CallsDeps, admin: AdminIdentity, callId: number, message: string | undefined): Promise<{ message: string }> {
  const now = deps.now();
  const note = message?.trim() || null;
  const name = await deps.db.transaction(async (tx) => {
    const call = await lockedCall(tx, callId);
    if (call.status === 'cancelled') return null;
    const availability = await getCallAvailability(tx);
    const [row] = await tx
      .update(followUpCalls)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: 'organiser', cancelMessage: note })
      .where(eq(followUpCalls.id, call.id))
      .returning();
    const story = await callStory(tx, row!, availability);
    if (story) await queueCallEmails(tx, 'cancelled', story, deps, { cancelledBy: 'organiser', message: note });
    await recordAudit(tx, { actor: admin.email, action: 'call_cancelled', entity: 'booking', entityId: call.bookingId, details: { callId: call.id, startsAt: call.startsAt.toISOString(), message: note } });
    return story ? `${story.seat.firstName} ${story.seat.lastName}`.trim() : 'the participant';
  });
  if (name === null) return { message: 'This call was already cancelled.' };
  deps.onEmailQueued?.();
  return { message: `Call cancelled. We've e-mailed ${name}.` };
}
