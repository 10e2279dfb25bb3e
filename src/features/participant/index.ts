/** Public entry of the participant feature, shared by server and browser (schemas, pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { bookingIdParamsSchema } from './participant.schema';
