import { unsealMessage, type SealedToken } from '../../src/server/email/sealed-tokens';
import { TEST_SECRET } from './test-app';

/**
 * An outbox row as the worker sends it: its links' tokens signed (the table holds placeholders,
 * src/server/email/sealed-tokens.ts). For tests that read a link from a queued e-mail.
 */
export function asSent<T extends { subject: string; html: string; text: string | null; sealedTokens: SealedToken[] | null }>(row: T): T {
  return unsealMessage(row, row.sealedTokens, TEST_SECRET);
}
