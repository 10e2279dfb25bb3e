/** Public entry of the follow-up calls, shared by server and browser (schemas): what other features may import (docs/decisions/013-import-boundaries.md). */
export * from './calls.schema';
