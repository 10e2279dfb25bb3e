import { z } from 'zod';

/**
 * Zod pieces the features' schemas share: row ids in paths, the text a form or a JSON client may
 * send for "nothing" or for a boolean, and request fields that fall back to a default. Each keeps
 * the caller's user-facing message.
 */

/** The largest id a PostgreSQL `serial` column holds. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id from a path segment: a positive whole number, else `message` (the resource's "not found"). */
export const rowIdField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

/** `{ id }` of a `/…/:id` path, within the id column's range; anything else answers 400 with `notFound`. */
export const idParamsSchema = (notFound: string) => z.object({ id: rowIdField(notFound).max(MAX_ROW_ID, notFound) });

/** An absolute http(s) address with a dotted host name (a meeting or material link). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Missing, null, or only white space. */
export const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Empty text and null mean "none". */
export const blankToNull = (value: unknown): unknown => (isBlank(value) ? null : value);

/** Text trimmed, and "none" (null) when that leaves nothing; other values as blankToNull gives them. */
export const trimmedOrNull = (value: unknown): unknown => (typeof value === 'string' ? blankToNull(value.trim()) : blankToNull(value));

/** A boolean; the strings 'true' and 'false' from a checkbox-less client are accepted too. */
export const booleanField = (name: string) =>
  z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: `${name} must be true or false` }));

/** The field, optional in a request: `fallback` when it is missing (or comes out null). */
export const orDefault = <T extends z.ZodType, const D>(field: T, fallback: D) =>
  field.optional().transform((value): NonNullable<z.output<T>> | D => value ?? fallback);
