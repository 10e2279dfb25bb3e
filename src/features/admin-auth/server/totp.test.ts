import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';
import { base32Decode, base32Encode, generateTotpSecret, hotp, otpauthUrl, totp, verifyTotp } from './totp';

// RFC 6238 appendix B, SHA-1 rows: the 20-byte ASCII seed, codes cut from 8 to 6 digits.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1, 30 s)', () => {
  it.each(RFC_VECTORS)('gives the RFC code at T=%i', (seconds, eightDigits) => {
    expect(totp(RFC_SEED, seconds * 1000, 8)).toBe(eightDigits);
    expect(totp(RFC_SEED, seconds * 1000)).toBe(eightDigits.slice(-6));
  });

  it('matches the RFC 4226 HOTP test values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_SEED, counter))).toEqual(expected);
  });

  it('accepts the code of the step before and after, and nothing further', () => {
    const now = 1111111111 * 1000;
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(RFC_SEED, totp(RFC_SEED, now), now)).toBe(step);
    expect(verifyTotp(RFC_SEED, totp(RFC_SEED, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(RFC_SEED, totp(RFC_SEED, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(RFC_SEED, totp(RFC_SEED, now - 60_000), now)).toBeNull();
    expect(verifyTotp(RFC_SEED, totp(RFC_SEED, now + 60_000), now)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '12 456']) expect(verifyTotp(RFC_SEED, code)).toBeNull();
  });
});

describe('base32', () => {
  it('encodes RFC 4648 test vectors without padding', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded)?.toString()).toBe(plain);
    }
  });

  it('round-trips a generated secret, forgiving case, spaces and padding', () => {
    const secret = generateTotpSecret();
    const text = base32Encode(secret);
    expect(text).toHaveLength(32);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(secret);
    expect(base32Decode('MZXW6===')?.toString()).toBe('foo');
    expect(base32Decode('not base32!')).toBeNull();
  });
});

describe('otpauth link', () => {
  it('names the issuer and account and carries the secret', () => {
    const link = otpauthUrl({ issuer: 'example.com', account: 'ada@example.com', secret: 'JBSWY3DPEHPK3PXP' });
    expect(link.startsWith('otpauth://totp/example.com:ada%40example.com?')).toBe(true);
    const url = new URL(link);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'example.com',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('secret box (AES-256-GCM with APP_SECRET)', () => {
  const appSecret = 'an-app-secret-of-at-least-32-characters';

  it('opens what it sealed, and only with the same secret, label and row', () => {
    const plain = generateTotpSecret();
    const sealed = sealSecret(appSecret, 'label', plain, 'admin_user:1');
    expect(sealed).not.toContain(plain.toString('base64url'));
    expect(openSecret(appSecret, 'label', sealed, 'admin_user:1')).toEqual(plain);
    expect(openSecret(`${appSecret}x`, 'label', sealed, 'admin_user:1')).toBeNull();
    expect(openSecret(appSecret, 'other', sealed, 'admin_user:1')).toBeNull();
    expect(openSecret(appSecret, 'label', sealed, 'admin_user:2')).toBeNull();
  });

  it('refuses a tampered or malformed value', () => {
    const sealed = sealSecret(appSecret, 'label', Buffer.from('secret'), 'row');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openSecret(appSecret, 'label', [...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'row')).toBeNull();
    expect(openSecret(appSecret, 'label', 'garbage', 'row')).toBeNull();
    expect(openSecret(appSecret, 'label', `${sealed}.extra`, 'row')).toBeNull();
  });
});
