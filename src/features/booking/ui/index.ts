/** Public entry of the booking feature, browser only (components, hooks, API calls): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { bookingFormReturnPath, currentCheckoutKey } from './booking-data-store';
export { chosenTimeZone, detectBrowserTimeZone } from './timezone';
export { useTimeZoneChoice } from './use-time-zone-choice';
export { BookedOutActionProvider, type BookedOutAction } from './booked-out-action';
export { FocusedHeading } from './components/page-problem';
export type { WaitlistOfferCheckout } from './checkout/booking-payloads';
