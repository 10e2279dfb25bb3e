/**
 * Whether an error means "the database cannot be reached right now" rather than "this request is
 * wrong": the connection was refused, reset or timed out, the server is shutting down or starting
 * up, or a connection died under a query or a transaction. Such a request may succeed when tried
 * again in a few seconds, so it is answered 503 with Retry-After, not 500.
 */

/** Socket-level failures of reaching the server at all. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs: 57P01 admin_shutdown (a restart or failover ends the session), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections. Class 08
 * (connection exceptions) is matched by its prefix.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres and pg-pool report a lost connection as plain Errors: the socket ended, a client
 * that lost its connection was asked again (a transaction's ROLLBACK after its connection died),
 * or the pool found no connection in time.
 */
const DRIVER_MESSAGES = /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** Drizzle wraps the driver's error (DrizzleQueryError.cause), Node its socket errors (AggregateError.errors). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
