/** Public entry of the waiting list, server only: what the app may import (docs/decisions/013-import-boundaries.md). */
export { waitlistRoutes } from './waitlist.routes';
export { expireOffers } from './expire-offers';
export { sendOfferEmails } from './waitlist-emails';
export { waitlistDepsFrom, type WaitlistDeps } from './waitlist-deps';
