import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links in e-mails (pay a reservation, open your bookings): the subject and an expiry,
 * signed with APP_SECRET for one purpose only, so a pay link cannot be replayed as a sign-in link.
 */
function mac(secret: string, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
}

export function signToken(secret: string, purpose: string, subject: string, ttlMs: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ s: subject, e: now + ttlMs })).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The subject when the token is genuine, for this purpose and unexpired; otherwise null. */
export function verifyToken(secret: string, purpose: string, token: string | undefined | null, now = Date.now()): string | null {
  const [body, signature, extra] = (token ?? '').split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s?: unknown; e?: unknown };
    if (typeof payload.s !== 'string' || typeof payload.e !== 'number' || payload.e < now) return null;
    return payload.s;
  } catch {
    return null;
  }
}
