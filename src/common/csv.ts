import Papa from 'papaparse';

/**
 * CSV as spreadsheets read and write it (RFC 4180). Papa Parse reads and writes the records (no
 * Node or browser APIs, so the server writes downloads and the browser parses uploads with the
 * same rules); this module adds what a spreadsheet download needs on top (docs/decisions/012):
 *
 * - Fields holding a comma, a semicolon, a tab, a quote, CR or LF (or spaces at either end) are
 *   quoted; quotes inside are doubled. Records end with CRLF.
 * - Downloads start with a UTF-8 byte order mark: without it Excel reads UTF-8 as a legacy code
 *   page and mangles every accent.
 * - Formula injection, as OWASP's "CSV Injection" page recommends: a text cell starting with =, +,
 *   -, @, tab or CR would run as a formula when the file is opened in a spreadsheet
 *   ('=HYPERLINK(...)' in a contact message), so such a cell is written with a leading single
 *   quote. OWASP adds that the field separator must be taken care of too, as it can start a new
 *   cell in the middle of the text: the file is written with commas, but Excel in a semicolon
 *   locale splits on ';' (and tab-separated readers on tabs). So every place a cell could begin
 *   under any of those separators — the start, and right after ',', ';' or tab — is guarded the
 *   same way ('a;=cmd' is written "a;'=cmd"), and cells holding any of them are quoted as well.
 *   Line breaks are not field separators: a cell holding one is always quoted, and every
 *   spreadsheet keeps a quoted line break inside its cell (so a markdown list's '- ' lines stay
 *   as they are). Reading strips exactly the guard quotes again; text that already has quotes
 *   before a trigger there gets one more, so writing and reading are exact inverses for every
 *   string.
 */

export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';

export type CsvCell = string | number | boolean | Date | null | undefined;

/**
 * Where some reader may start a cell (the start, or after a field separator some locale or reader
 * uses), quotes (any number) then a character a spreadsheet treats as the start of a formula. Tab
 * is both: '\t=x' guards the tab and the '='. The guard's quote is no separator, so the places are
 * the same before and after guarding, which keeps unguardFormula an exact inverse.
 */
const GUARDED = /(?<=^|[,;\t])(?='*[=+\-@\t\r])/g;
/** What guardFormula produced: at least one quote before such a character, at such a place. */
const UNGUARD = /(?<=^|[,;\t])'(?='*[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/** Makes a text cell inert in spreadsheets: '=SUM(1)' becomes "'=SUM(1)", 'a;@x' becomes "a;'@x". */
export function guardFormula(text: string): string {
  return text.replace(GUARDED, "'");
}

/** The inverse of guardFormula: "'=SUM(1)" becomes '=SUM(1)'; anything else is left alone. */
export function unguardFormula(text: string): string {
  return text.replace(UNGUARD, '');
}

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // Only text can carry a formula; numbers such as -5 stay numbers.
  return guardFormula(value);
}

/** Papa Parse's options for our files: CRLF, our formula guard instead of its simpler one. */
function unparseRecord(texts: string[], quoteFirst: boolean): string {
  return Papa.unparse([texts], {
    newline: CRLF,
    escapeFormulae: false,
    // Papa Parse quotes commas, quotes, line breaks and outer spaces itself; we add ';', tab and any
    // outer white space, and the first field of an all-empty record.
    quotes: (value: unknown, column: number) => NEEDS_QUOTES.test(String(value)) || (quoteFirst && column === 0),
  });
}

/** One field as it appears in the file: guarded, and quoted when it has to be. */
export function formatCsvField(value: CsvCell): string {
  return unparseRecord([cellText(value)], false);
}

/** One record without its line ending. */
export function formatCsvRecord(cells: readonly CsvCell[]): string {
  const texts = cells.map(cellText);
  // A record of empty fields would read back as a blank line (dropped at the end of a file):
  // quoting the first field keeps the row.
  return unparseRecord(texts, texts.length > 0 && texts.every((text) => text === ''));
}

/** A whole file: header, rows, CRLF after every record; with the BOM unless told otherwise. */
export function formatCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>, options: { bom?: boolean } = {}): string {
  const parts: string[] = [options.bom === false ? '' : CSV_BOM, formatCsvRecord(header), CRLF];
  for (const row of rows) parts.push(formatCsvRecord(row), CRLF);
  return parts.join('');
}

export class CsvParseError extends Error {
  override name = 'CsvParseError';
}

/**
 * Reads records: quoted fields with doubled quotes and line breaks inside, CRLF, LF or CR
 * between records (Papa Parse finds which one the file uses), an optional BOM and trailing line
 * ending. Blank lines at the end (and lines of bare commas, as spreadsheets leave them) are
 * dropped; blank lines in the middle are kept as records so row numbers stay those of the
 * spreadsheet. A quote inside an unquoted field is kept as text, as spreadsheets do.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const records: string[][] = [];
  /** Parallel to records: true when the record had no characters and no quotes at all. */
  const blank: boolean[] = [];
  let recordStart = 0;
  let unclosedAt: number | null = null;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    step: (result) => {
      const end = result.meta.cursor;
      if (unclosedAt === null && result.errors.some((error) => error.code === 'MissingQuotes')) unclosedAt = records.length;
      records.push(result.data);
      blank.push(result.data.every((field) => field === '') && !text.slice(recordStart, end).includes('"'));
      recordStart = end;
    },
  });
  if (unclosedAt !== null) {
    const where = unclosedAt === 0 ? 'in the header' : `on row ${unclosedAt}`;
    throw new CsvParseError(`The file is not valid CSV: a quoted value ${where} is never closed`);
  }
  while (records.length > 0 && blank[blank.length - 1]) {
    records.pop();
    blank.pop();
  }
  return records;
}

/**
 * A file with a header row as objects keyed by the (trimmed) header names, formula guards
 * removed. Missing cells read as ''; cells beyond the header are ignored.
 */
export function csvToObjects(input: string): { header: string[]; rows: Record<string, string>[] } {
  const [headerRecord, ...records] = parseCsv(input);
  const header = (headerRecord ?? []).map((name) => name.trim());
  const rows = records.map((record) => {
    const row: Record<string, string> = {};
    header.forEach((name, index) => {
      if (name !== '') row[name] = unguardFormula(record[index] ?? '');
    });
    return row;
  });
  return { header, rows };
}
