/** Public entry of the workshops feature, shared by server and browser (schemas, pure helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { EXPERTISE_REQUIRED, expertiseLabels, expertiseLevelSchema, expertiseLevels, workshopDateIdParamsSchema, type PublicWorkshopDate } from './workshops.schema';
export { zonedTimesOf, zonedTimesSchema } from './zoned-times';
