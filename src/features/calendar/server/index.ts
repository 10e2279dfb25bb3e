/** Public entry of the calendar feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { buildBookingIcs, buildCalendarFeed, ICS_CONTENT_TYPE, type FeedEvent } from '../ics';
export { hostOf } from './booking-calendar';
export { bookingCalendarFile, bookingCancellationAttachment, bookingEventChangeAttachment, bookingIcsAttachment } from './booking-calendar';
