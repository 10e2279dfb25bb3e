/** Money travels as integer cents inside the server and as dollars in JSON. */
export const DEFAULT_PRICE_DOLLARS = 499;

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * US dollars in en-US ('$1,234.50', '-$5.00'), written out by hand rather than with
 * Intl.NumberFormat. A page's first Intl formatter pays for loading ICU's data, about 50 ms of
 * main thread here (four times that on Lighthouse's phone): /intro's price paid it while the app
 * took over the page, which now leaves it to the booking form's dates, after the first paint.
 * money.test.ts holds this to Intl's output.
 */
function formatDollars(dollars: number, fractionDigits: 0 | 2): string {
  // Intl keeps the sign of a negative amount that rounds to zero, and of -0.
  const sign = dollars < 0 || Object.is(dollars, -0) ? '-' : '';
  if (!Number.isFinite(dollars)) return Number.isNaN(dollars) ? '$NaN' : `${sign}$∞`;
  const scale = fractionDigits === 2 ? 100 : 1;
  // Half away from zero, as Intl rounds.
  const units = Math.round(Math.abs(dollars) * scale);
  const whole = String(Math.floor(units / scale)).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = fractionDigits === 2 ? `.${String(units % scale).padStart(2, '0')}` : '';
  return `${sign}$${whole}${fraction}`;
}

/** '$499.00' — the checkout's exact figures. */
export function formatUsd(dollars: number): string {
  return formatDollars(dollars, 2);
}

/** '$499.00' from cents: the server's figures, which it keeps in cents. */
export function formatCents(cents: number): string {
  return formatUsd(centsToDollars(cents));
}

/** '$499' for whole amounts, '$4.50' otherwise — for badges and cards. */
export function formatPrice(dollars: number): string {
  return formatDollars(dollars, Number.isInteger(dollars) ? 0 : 2);
}
