import { csvRowSchemas, rowMessage, type CsvEntity } from './admin-csv.schema';

/** How many of the file's rows the import preview shows as a table. */
export const PREVIEW_ROW_COUNT = 5;

/** A row the shared schema refuses: its number as a spreadsheet counts data rows, and why. */
export type CsvRowProblem = { row: number; message: string };

/**
 * The rows of a chosen file that the server's own row schemas would refuse, checked in the browser
 * before anything is sent. Each message is the one the import would answer ('Row 2:
 * Discount must be between 1 and 100 percent'). Rules across rows and the database's own (a code
 * twice in the file, a workshop date that does not exist) are still the server's to tell.
 */
export function findCsvRowProblems(entity: CsvEntity, rows: readonly Record<string, string>[]): CsvRowProblem[] {
  const schema = csvRowSchemas[entity];
  return rows.flatMap((row, index) => {
    const parsed = schema.safeParse(row);
    return parsed.success ? [] : [{ row: index + 1, message: rowMessage(index + 1, parsed.error.issues[0]?.message ?? 'This row is not valid') }];
  });
}
