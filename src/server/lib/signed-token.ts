import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links in e-mails (pay a reservation, open your bookings): the subject and an expiry,
 * signed with APP_SECRET for one purpose only, so a pay link cannot be replayed as a sign-in link.
 */
function mac(secret: string, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
}

/** The token for `subject` that stops working at `expiresAt` (epoch ms); the same inputs give the same token. */
export function signTokenUntil(secret: string, purpose: string, subject: string, expiresAt: number): string {
  const body = Buffer.from(JSON.stringify({ s: subject, e: expiresAt })).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

export function signToken(secret: string, purpose: string, subject: string, ttlMs: number, now = Date.now()): string {
  return signTokenUntil(secret, purpose, subject, now + ttlMs);
}

/** The subject when the token is genuine, for this purpose and unexpired; otherwise null. */
export function verifyToken(secret: string, purpose: string, token: string | undefined | null, now = Date.now()): string | null {
  const payload = readToken(secret, purpose, token);
  return payload && payload.expiresAt >= now ? payload.subject : null;
}

/** Subject and expiry of a genuine token for this purpose, expired or not; otherwise null. */
export function readToken(secret: string, purpose: string, token: string | undefined | null): { subject: string; expiresAt: number } | null {
  const [body, signature, extra] = (token ?? '').split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s?: unknown; e?: unknown };
    if (typeof payload.s !== 'string' || typeof payload.e !== 'number') return null;
    return { subject: payload.s, expiresAt: payload.e };
  } catch {
    return null;
  }
}

/**
 * Who makes a link's token: the secret itself (signed now), or a TokenSigner such as an e-mail's
 * SealedTokens, which hands out a placeholder and signs when the e-mail is sent.
 */
export interface TokenSigner {
  sign(purpose: string, subject: string, ttlMs: number, now: number): string;
}

export function tokenFor(signer: string | TokenSigner, purpose: string, subject: string, ttlMs: number, now = Date.now()): string {
  return typeof signer === 'string' ? signToken(signer, purpose, subject, ttlMs, now) : signer.sign(purpose, subject, ttlMs, now);
}
