import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, formatPrice, formatUsd } from './money';

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
    expect(formatUsd(1234567.5)).toBe('$1,234,567.50');
    expect(formatPrice(-1000)).toBe('-$1,000');
    // The server's figures, kept in cents.
    expect(formatCents(49_900)).toBe('$499.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123_456_750)).toBe('$1,234,567.50');
  });

  // The formatters are written out by hand (no ICU data to load on the page); Intl is the oracle.
  it('writes every amount in cents exactly as Intl.NumberFormat does', () => {
    const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const intlWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const intlPrice = (dollars: number) => (Number.isInteger(dollars) ? intlWhole : intlUsd).format(dollars);
    const amounts = [0, -0, 0.004, 0.005, -0.004, 0.125, 999.995, 1e15, NaN, Infinity, -Infinity];
    for (let cents = -120_000; cents <= 1_250_000; cents += 7) amounts.push(centsToDollars(cents));
    for (let i = 0; i < 2000; i++) amounts.push(Math.round((Math.random() - 0.3) * 1e11) / 100);
    const mismatches = amounts.filter((dollars) => formatUsd(dollars) !== intlUsd.format(dollars) || formatPrice(dollars) !== intlPrice(dollars));
    expect(mismatches.map((dollars) => [dollars, formatUsd(dollars), intlUsd.format(dollars)])).toEqual([]);
  });
});
