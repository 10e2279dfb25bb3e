/** Public entry of the date-messages feature, browser only: what other features may use (docs/decisions/013-import-boundaries.md). */
export { DateMessagesButton } from './date-messages-button';
