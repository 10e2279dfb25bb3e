import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatPrice, formatUsd } from './money';

describe('money', () => {
  it('converts between cents and dollars without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(49900)).toBe(499);
  });

  it('formats US dollars in en-US', () => {
    expect(formatUsd(499)).toBe('$499.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatPrice(499)).toBe('$499');
    expect(formatPrice(4.5)).toBe('$4.50');
  });
});
