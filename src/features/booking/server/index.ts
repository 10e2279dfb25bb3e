/** Public entry of the booking feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { PAY_LINK_PURPOSE } from './booking-links';
export type { BookingEmailKind } from './booking-mail';
export { releaseBookingSeat } from './booking-transitions';
export { bookingDepsFrom, type BookingDeps, type SaleWiring } from './booking-deps';
export { queueOrderEmails } from './order-emails';
export { markRefunding, sendPaymentRefund } from './payment-refunds';
export { ledgerRefundedCents, recordRefund, refundedCentsWhere, refundedSum } from './refund-ledger';
export { cancelOpenPayments } from './reservations';
export { endHold, SOLD_OUT_MESSAGE, tryTakeSeats } from './seats';
export { isOpenForMove, MOVE_DATE_UNAVAILABLE, MOVE_SAME_DATE, moveLockedSeat } from './move-seat';
export { closeEntriesBookedBy, closeEntry, lockEntry, lastOfferMade, offerFreedSeats, offerSeatsByHand, releaseSeat, type WaitlistEntryRow } from './freed-seats';
export { entryOfToken, WAITLIST_TOKEN_PURPOSE } from './offer-checkout';
export { insertBookingsWithOrders } from '../../../server/db/single-seat-orders';
