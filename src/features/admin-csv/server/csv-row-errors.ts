import type { Database } from '../../../server/db/client';
import { HttpError } from '../../../server/plugins/error-handler';
import { rowMessage } from '../admin-csv.schema';

/** The transaction an import writes in. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A row the data refuses, with a message for the admin; becomes 400 'Row n: …'. */
export class RowProblem extends Error {}

type PgError = { code: string; constraint?: string; detail?: string };

/** The driver's error (node-postgres or PGlite), bare or wrapped by Drizzle. */
function pgErrorOf(error: unknown): PgError | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgError;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const CONSTRAINT_MESSAGES: Record<string, string> = {
  discount_codes_code_unique: 'A discount code with this code already exists',
  discount_codes_percent_range: 'Discount must be between 1 and 100 percent',
  discount_codes_uses_within_max: 'Max uses cannot be lower than the uses so far',
  bookings_amounts_valid: 'Amounts cannot be negative',
  bookings_workshop_date_id_workshop_dates_id_fk: 'The workshop date does not exist',
  workshop_dates_seats_within_total: 'Seats cannot be fewer than the seats already taken',
  workshop_dates_seats_total_positive: 'Must have at least one seat',
  workshop_dates_price_positive: 'Price must be at least $1',
  workshop_dates_one_featured: 'Only one workshop may be featured',
};

/** Constraint and data errors of a row become its 400; anything else (a lost connection) stays a 500. */
export function asRowError(row: number, error: unknown): unknown {
  if (error instanceof RowProblem) return new HttpError(400, rowMessage(row, error.message), 'import_row_rejected');
  const pg = pgErrorOf(error);
  if (!pg || !/^2[23]/.test(pg.code)) return error;
  const known = pg.constraint ? CONSTRAINT_MESSAGES[pg.constraint] : undefined;
  const value = /=\((.*)\)/.exec(pg.detail ?? '')?.[1];
  const message =
    known && pg.code === '23505' && value ? `${known} (${value})`
    : known ??
      (pg.code === '23505' ? 'A value in this row must be unique but is already used'
      : pg.code === '23503' ? 'This row refers to a record that does not exist'
      : pg.code.startsWith('22') ? 'A value in this row is out of range or not valid'
      : 'The database refused this row');
  return new HttpError(400, rowMessage(row, message), 'import_row_rejected');
}
