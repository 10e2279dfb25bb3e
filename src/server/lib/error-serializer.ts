import { stdSerializers } from 'pino';

type SerializedError = ReturnType<typeof stdSerializers.err>;

const REDACTED = '[redacted]';
const PARAMS_PREFIX = 'params: ';

/**
 * The logger's `err` serializer: pino's own, minus the personal data a failed query carries.
 * Drizzle's DrizzleQueryError keeps the query's parameters (names, e-mail addresses, messages) in
 * `params` and writes them into its message, and so into its stack, as "params: …"; PostgreSQL's
 * `detail` quotes the row's values ("Key (email)=(ada@example.com) already exists"). The query
 * text stays: it holds placeholders, not values, and says what failed.
 */
export function serializeError(error: Error): SerializedError {
  const serialized = stdSerializers.err(error);
  // Not an Error (pino passes anything else through as it is): nothing of a query to hide.
  if (!serialized || typeof serialized !== 'object' || (serialized as unknown) === error) return serialized;
  const fields = serialized as Record<string, unknown>;
  // Every error of the chain: pino joins the causes' messages and stacks into the first's.
  for (const params of parameterTexts(error)) {
    for (const key of ['message', 'stack'] as const) {
      if (typeof fields[key] === 'string') fields[key] = (fields[key] as string).split(params).join(PARAMS_PREFIX + REDACTED);
    }
  }
  if ('params' in fields) fields.params = REDACTED;
  if ('detail' in fields) fields.detail = REDACTED;
  return serialized;
}

/** "params: a,b,c" as DrizzleQueryError wrote it into its message, for each such error of the chain. */
function parameterTexts(error: unknown): string[] {
  const texts: string[] = [];
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { params } = cause as { params?: unknown };
    // Only a non-empty text is worth looking for; an empty one would match everywhere.
    if (Array.isArray(params) && params.length > 0) texts.push(PARAMS_PREFIX + String(params));
  }
  return texts;
}
