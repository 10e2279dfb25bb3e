/** Public entry of the calendar feature, browser only (components, hooks, API calls): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { CalendarLinks } from './calendar-links';
