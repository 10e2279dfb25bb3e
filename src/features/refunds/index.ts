/** Public entry of the refunds feature, shared by server and browser (pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { REFUND_STATE_WORDS, refundState, refundStateKinds, type RefundState, type RefundStateKind, type SeatRefundFacts } from './refund-state';
