/** Public entry of the refunds feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { closeRequestOnCancel } from './close-request';
export { queueCancellationEmail, queueOrganiserCancellationEmail, type OrganiserCancellationMoney } from './refund-emails';
export { recordRefundOwed, sendRefundOwed } from './refund-owed';
export { workshopWhen } from './refund-shared';
export { loadRefundExtras, refundStateOfListedSeat, refundStatesOfSeats, type RefundExtras } from './seat-refunds';
export { createCreditCode, CREDIT_VALID_DAYS } from './cancel-booking.service';
export { policyOnRequest } from '../cancellation-policy';
export { cancelLockedSeat, refundableCentsOf, sendCancelRefund, type CancelledSeat, type SeatSettlement } from './cancel-seat-by-organiser';
export { dateChangedUnderSeat, setByPollWithoutSeat, type DateChangedUnderSeat } from './poll-full-refund';
