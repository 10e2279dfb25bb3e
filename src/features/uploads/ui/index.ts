/** Public entry of the uploads feature, browser only (components, hooks, API calls): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { ImageField, ImageFormField } from './image-field';
