/**
 * Links in queued e-mail carry no usable token. A link that signs someone in or
 * pays (the participant link, a reservation's pay link) is written into the outbox with a
 * placeholder where its token goes, beside what the token is made of: its purpose, its subject and
 * its expiry, none of them secret. The worker signs the token with APP_SECRET as it sends, so a
 * copy of the table (a backup, a replica, a leaked dump) opens nothing, while the recipient gets
 * the very bytes they would have got before: the token is signed with the expiry fixed at queue
 * time, and signing is deterministic.
 *
 * See docs/decisions/010-operations.md.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import { readToken, signTokenUntil, type TokenSigner } from '../lib/signed-token';

/** One token to sign at send time: `placeholder` stands where it goes in the subject and bodies. */
export type SealedToken = { placeholder: string; purpose: string; subject: string; expiresAt: number };

const PLACEHOLDER_PREFIX = 'sealed-token-';
/**
 * Letters, digits and dashes only: the placeholder comes through HTML escaping, URL encoding and
 * the HTML-to-text step unchanged, so one plain replacement finds it everywhere. A random UUID:
 * 122 random bits, drawn from the buffer node keeps for them rather than a system call each.
 */
const newPlaceholder = () => `${PLACEHOLDER_PREFIX}${randomUUID()}`;

/**
 * The TokenSigner an e-mail's links are made with: each sign() answers a fresh placeholder and
 * remembers what to sign in its place. The random part means nothing a visitor typed into the
 * e-mail can name a placeholder.
 */
export class SealedTokens implements TokenSigner {
  readonly tokens: SealedToken[] = [];

  sign(purpose: string, subject: string, ttlMs: number, now: number): string {
    const placeholder = newPlaceholder();
    this.tokens.push({ placeholder, purpose, subject, expiresAt: now + ttlMs });
    return placeholder;
  }
}

type MessageText = { subject: string; html: string; text: string | null };

/** Only the tokens whose placeholder the message uses (a template need not show every link). */
export function tokensUsedBy(message: MessageText, tokens: readonly SealedToken[] | undefined): SealedToken[] {
  return (tokens ?? []).filter(({ placeholder }) => [message.subject, message.html, message.text ?? ''].some((part) => part.includes(placeholder)));
}

/** The message as it is sent: every placeholder replaced by its token, signed now with `secret`. */
export function unsealMessage<T extends MessageText>(message: T, tokens: readonly SealedToken[] | null, secret: string | undefined): T {
  if (!tokens || tokens.length === 0) return message;
  if (!secret) throw new Error('This e-mail carries links to sign, and the outbox worker has no APP_SECRET');
  let { subject, html, text } = message;
  for (const token of tokens) {
    const value = signTokenUntil(secret, token.purpose, token.subject, token.expiresAt);
    subject = subject.replaceAll(token.placeholder, value);
    html = html.replaceAll(token.placeholder, value);
    text = text === null ? null : text.replaceAll(token.placeholder, value);
  }
  return { ...message, subject, html, text };
}

// ---------------------------------------------------------------- rows written before sealing

/** A token as signToken writes it: base64url JSON, a dot, a base64url SHA-256 HMAC (43 characters). */
const TOKEN_SHAPE = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const BATCH = 200;

/** A legacy row's text with each genuine token (for one of `purposes`) replaced by a placeholder. */
export function sealMessage(message: MessageText, secret: string, purposes: readonly string[]): { message: MessageText; tokens: SealedToken[] } {
  const found = new Map<string, SealedToken>();
  for (const part of [message.subject, message.html, message.text ?? '']) {
    for (const [candidate] of part.matchAll(TOKEN_SHAPE)) {
      if (found.has(candidate)) continue;
      // Only what verifies with our secret: a token-like string a visitor typed (quoted in a
      // reply, say) must never be turned into a genuine token for the subject it claims.
      for (const purpose of purposes) {
        const payload = readToken(secret, purpose, candidate);
        if (payload) {
          found.set(candidate, { placeholder: newPlaceholder(), purpose, subject: payload.subject, expiresAt: payload.expiresAt });
          break;
        }
      }
    }
  }
  let { subject, html, text } = message;
  for (const [token, sealed] of found) {
    subject = subject.replaceAll(token, sealed.placeholder);
    html = html.replaceAll(token, sealed.placeholder);
    text = text === null ? null : text.replaceAll(token, sealed.placeholder);
  }
  return { message: { subject, html, text }, tokens: [...found.values()] };
}

/**
 * Seals the outbox rows written before tokens were sealed (`sealed_tokens` is null: rows from
 * before migration 0005, or restored from a backup of that time): each token that verifies for
 * one of `purposes` becomes a placeholder, so the row sends the same e-mail and stores no token.
 * Idempotent and safe on several instances at once (a row is rewritten only while it is still
 * unsealed); pass a transaction to make it part of one (a restore). With nothing left to seal it
 * is one lookup in a partial index. Returns the number of rows sealed.
 */
export async function sealLegacyOutboxRows(db: Database, secret: string, purposes: readonly string[]): Promise<number> {
  let sealed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: emailOutbox.id, subject: emailOutbox.subject, html: emailOutbox.html, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sealedTokens), after > 0 ? gt(emailOutbox.id, after) : undefined))
      .orderBy(asc(emailOutbox.id))
      .limit(BATCH);
    if (rows.length === 0) return sealed;
    after = rows[rows.length - 1]!.id;
    const plain: number[] = [];
    for (const row of rows) {
      const { message, tokens } = sealMessage(row, secret, purposes);
      if (tokens.length === 0) {
        plain.push(row.id);
        continue;
      }
      await db
        .update(emailOutbox)
        .set({ ...message, sealedTokens: tokens })
        .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sealedTokens)));
    }
    if (plain.length > 0) await db.update(emailOutbox).set({ sealedTokens: [] }).where(and(inArray(emailOutbox.id, plain), isNull(emailOutbox.sealedTokens)));
    sealed += rows.length;
  }
}
