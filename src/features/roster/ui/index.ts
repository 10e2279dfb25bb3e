/** Public entry of the roster feature, browser only: what other features may use (docs/decisions/013-import-boundaries.md). */
export { RosterButton } from './roster-button';
