import { describe, expect, it } from 'vitest';
import { priceSeat } from './pricing';

describe('priceSeat', () => {
  it('charges the full price without a discount', () => {
    expect(priceSeat(49900)).toEqual({ originalCents: 49900, discountCents: 0, finalCents: 49900, discountPercent: 0 });
  });

  it('rounds a percentage discount to the cent', () => {
    expect(priceSeat(49900, 10)).toMatchObject({ discountCents: 4990, finalCents: 44910 });
    expect(priceSeat(999, 15)).toMatchObject({ discountCents: 150, finalCents: 849 }); // 149.85 → 150
    expect(priceSeat(1001, 33)).toMatchObject({ discountCents: 330, finalCents: 671 }); // 330.33 → 330
  });

  it('makes 100 % exactly free and never goes below zero', () => {
    expect(priceSeat(49900, 100)).toMatchObject({ discountCents: 49900, finalCents: 0 });
    expect(priceSeat(49900, 250)).toMatchObject({ discountPercent: 100, finalCents: 0 });
  });

  it('keeps original = discount + final for every percentage', () => {
    for (let percent = 0; percent <= 100; percent++) {
      for (const cents of [100, 499, 49900, 123457]) {
        const price = priceSeat(cents, percent);
        expect(price.discountCents + price.finalCents).toBe(cents);
        expect(price.finalCents).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
