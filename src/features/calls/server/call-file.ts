import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { followUpCalls } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { requireBookingAccess, requireParticipantViewer } from '../../participant/server';
import { CALL_NOT_FOUND } from '../calls.schema';
import { callIcs } from './call-emails';
import { getCallAvailability } from './call-settings';
import { callStory } from './call-story';
import type { CallsDeps } from './calls-deps';

/** GET /api/participant/calls/{id}/calendar.ics: the call's event, for its seat's participant or buyer (or an admin). */
export async function callFile(deps: CallsDeps, request: FastifyRequest, callId: number): Promise<string> {
  // Who asks comes first: without a session, 401 whether the call exists or not.
  await requireParticipantViewer(request);
  const [call] = await deps.db.select().from(followUpCalls).where(eq(followUpCalls.id, callId)).limit(1);
  if (!call) throw new HttpError(404, CALL_NOT_FOUND);
  // Refused as any booking the caller does not hold (403 and an audit row).
  await requireBookingAccess(deps.db, request, call.bookingId);
  const story = await callStory(deps.db, call, await getCallAvailability(deps.db));
  if (!story) throw new HttpError(404, CALL_NOT_FOUND);
  return callIcs(story, deps.publicUrl, deps.now());
}
