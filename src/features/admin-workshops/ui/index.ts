/** Public entry of the admin-workshops feature, browser only (components, hooks, API calls): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { ADMIN_WORKSHOP_DATES_KEY, adminWorkshopDatesQueryOptions, useAdminWorkshopDates } from './api/workshop-dates-resource';
