/** Money travels as integer cents inside the server and as dollars in JSON (CONTRACT §2). */
export const DEFAULT_PRICE_DOLLARS = 499;

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** '$499.00' — the checkout's exact figures. */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** '$499' for whole amounts, '$4.50' otherwise — for badges and cards. */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? usdWhole.format(dollars) : usd.format(dollars);
}
