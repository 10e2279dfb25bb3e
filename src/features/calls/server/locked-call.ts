import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { followUpCalls } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { CALL_NOT_FOUND } from '../calls.schema';
import { lockCallTimes, type CallRow } from './seat-calls';

/** The call under the calls' lock and its own row lock: 404 when it is not this seat's (or does not exist). */
export async function lockedCall(tx: Database, callId: number, seatId?: number): Promise<CallRow> {
  await lockCallTimes(tx);
  const [call] = await tx
    .select()
    .from(followUpCalls)
    .where(and(eq(followUpCalls.id, callId), seatId === undefined ? undefined : eq(followUpCalls.bookingId, seatId)))
    .for('update');
  if (!call) throw new HttpError(404, CALL_NOT_FOUND);
  return call;
}
