/** Public entry of the settings feature, browser only (components, hooks, API calls): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { useSettings } from './api/get-settings';
