/** Public entry of the waiting list, shared by server and browser (schemas): what other features may import (docs/decisions/013-import-boundaries.md). */
export * from './waitlist.schema';
