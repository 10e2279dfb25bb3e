import type { Database } from '../../../server/db/client';
import { sealLegacyOutboxRows } from '../../../server/email/sealed-tokens';
import { PAY_LINK_PURPOSE } from '../../booking/server';
import { PARTICIPANT_LINK_PURPOSE } from '../../participant/server';

/** The purposes of the tokens e-mails carry in their links: a participant sign-in, a reservation's pay link. */
export const EMAILED_TOKEN_PURPOSES: readonly string[] = [PARTICIPANT_LINK_PURPOSE, PAY_LINK_PURPOSE];

/**
 * Seals every outbox row written before tokens were sealed (sealed-tokens.ts): at start-up, before
 * a backup is taken, and inside a restore of an older backup. Cheap when there is none.
 */
export function sealOutboxTokens(db: Database, secret: string): Promise<number> {
  return sealLegacyOutboxRows(db, secret, EMAILED_TOKEN_PURPOSES);
}
