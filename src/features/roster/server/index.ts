/** Public entry of the roster feature, server only: what the roots may use (docs/decisions/013-import-boundaries.md). */
export { rosterRoutes } from './roster.routes';
