/** Public entry of the seo feature, server only: what the page renderer uses (docs/decisions/013-import-boundaries.md). */
export { structuredDataFor, type StructuredDataPage, type StructuredDataPost } from './structured-data';
