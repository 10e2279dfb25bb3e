/** Public entry of the date-messages feature, server and browser: what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { DATE_MESSAGE_PLACEHOLDERS, SCHEDULE_SENDER, unknownPlaceholders } from './date-messages.schema';
