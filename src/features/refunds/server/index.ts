/** Public entry of the refunds feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { queueOrganiserCancellationEmail, type OrganiserCancellationMoney } from './refund-emails';
export { recordRefundOwed, sendRefundOwed } from './refund-owed';
export { workshopWhen } from './refund-shared';
