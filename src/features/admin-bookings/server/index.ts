/** Public entry of the admin-bookings feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { listAdminBookings } from './admin-bookings.service';
