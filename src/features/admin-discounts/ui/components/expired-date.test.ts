import { describe, expect, it } from 'vitest';
import { expiredDate } from './discount-code-dialog';

const noon = Date.parse('2026-11-26T12:00:00Z');

describe('expiredDate (an active code saved past its expiration date)', () => {
  it('names the day when an active code expired before today (UTC)', () => {
    expect(expiredDate('2026-11-25', true, noon)).toBe('Nov 25, 2026');
    expect(expiredDate('2020-01-01', true, noon)).toBe('Jan 1, 2020');
  });

  it('says nothing while the expiration day lasts, for a later day, without a date, or for an inactive code', () => {
    expect(expiredDate('2026-11-26', true, noon)).toBeNull();
    expect(expiredDate('2026-12-01', true, noon)).toBeNull();
    expect(expiredDate('', true, noon)).toBeNull();
    expect(expiredDate('2020-01-01', false, noon)).toBeNull();
  });

  it('treats the end of the day as its last moment', () => {
    expect(expiredDate('2026-11-26', true, Date.parse('2026-11-26T23:59:59.999Z'))).toBe('Nov 26, 2026');
    expect(expiredDate('2026-11-26', true, Date.parse('2026-11-26T23:59:59.998Z'))).toBeNull();
  });
});
