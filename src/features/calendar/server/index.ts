/** Public entry of the calendar feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { ICS_CONTENT_TYPE } from '../ics';
export { bookingCalendarFile, bookingCancellationAttachment, bookingEventChangeAttachment, bookingIcsAttachment } from './booking-calendar';
