/** Public entry of the admin-bookings feature, shared by server and browser (schemas, pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { outboxListSchema, type OutboxEntryDto } from './admin-bookings.schema';
export { deriveUsers } from './derive-users';
