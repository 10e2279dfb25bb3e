/** The price of one seat after a percentage discount, in integer cents. Pure, so it is tested alone. */
export type Price = { originalCents: number; discountCents: number; finalCents: number; discountPercent: number };

export function priceSeat(originalCents: number, discountPercent = 0): Price {
  const percent = Math.min(100, Math.max(0, Math.trunc(discountPercent)));
  // Percent codes round to the nearest cent; 100 % is always exactly free.
  const discountCents = percent === 100 ? originalCents : Math.round((originalCents * percent) / 100);
  return { originalCents, discountCents, finalCents: originalCents - discountCents, discountPercent: percent };
}
