/** Public entry of the admin-csv feature, shared by server and browser (schemas, pure helpers): what other features and the app may import from it (docs/decisions/013-import-boundaries.md). */
export type { CsvEntity } from './admin-csv.schema';
