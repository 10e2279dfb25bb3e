/** Public entry of the strategy-notes feature, shared by server and browser (schemas, pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { CONTENT_REQUIRED, TITLE_REQUIRED } from './strategy-notes.schema';
