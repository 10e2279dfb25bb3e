import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token';

const secret = 's'.repeat(32);

describe('signed tokens', () => {
  it('round-trips the subject for the same purpose before expiry', () => {
    const token = signToken(secret, 'pay', '42', 60_000, 1_000);
    expect(verifyToken(secret, 'pay', token, 2_000)).toBe('42');
  });

  it('refuses another purpose, another secret, a tampered token and an expired one', () => {
    const token = signToken(secret, 'pay', '42', 60_000, 1_000);
    expect(verifyToken(secret, 'participant', token, 2_000)).toBeNull();
    expect(verifyToken('x'.repeat(32), 'pay', token, 2_000)).toBeNull();
    const [body, sig] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ s: '43', e: 99_999_999 })).toString('base64url');
    expect(verifyToken(secret, 'pay', `${forgedBody}.${sig}`, 2_000)).toBeNull();
    expect(verifyToken(secret, 'pay', `${body}.${sig}x`, 2_000)).toBeNull();
    expect(verifyToken(secret, 'pay', token, 70_000)).toBeNull();
    expect(verifyToken(secret, 'pay', undefined)).toBeNull();
  });
});
