/** Public entry of the workshops feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { isPubliclyListed } from './workshops.service';
