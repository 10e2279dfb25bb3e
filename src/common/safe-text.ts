import { z } from 'zod';

/**
 * Text no field accepts: the NUL character, which PostgreSQL cannot store in a text
 * column, and a UTF-16 surrogate without its partner, which has no UTF-8 form (the database
 * driver would silently turn it into U+FFFD, or refuse it).
 *
 * Other C0 control characters are allowed on purpose: PostgreSQL stores them, JSON, HTML and
 * CSV output escape or tolerate them, and text pasted from word processors into the multi-line
 * fields (blog posts, e-mail templates, notes) carries vertical tabs and form feeds, so refusing
 * them would turn a harmless paste into an error for the admin.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasForbiddenCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** 'First name contains a character that is not allowed'. */
export function forbiddenCharactersMessage(field: string): string {
  return `${field} contains a character that is not allowed`;
}

/**
 * `z.string(params)` that first refuses forbidden characters with a message naming the field.
 * The check comes before anything chained after it (trim, min, transform, pipe), so it sees the
 * raw text; its issue is the first one, which is the message the API answers with.
 */
export function safeString(field: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((text) => !hasForbiddenCharacters(text), forbiddenCharactersMessage(field));
}
