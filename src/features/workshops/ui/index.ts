/** Public entry of the workshops feature, browser only (components, hooks, API calls): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { useWorkshopDates } from './api/get-workshop-dates';
export { useWorkshopDate } from './api/get-workshop-date';
