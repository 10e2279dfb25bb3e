/** Public entry of the admin-auth feature, browser only (components, hooks, API calls): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { authStatusQueryOptions, useAuthStatus } from './api/get-auth-status';
export { useLeaveAdmin } from './api/logout';
