/** Public entry of the admin-discounts feature, shared by server and browser (schemas, pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { CODE_CHARACTERS, CODE_REQUIRED, DESCRIPTION_REQUIRED, DISCOUNT_RANGE, MAX_USES_INVALID } from './admin-discounts.schema';
