import { ApiError } from '../../../../client/lib/api-client';

/** The server's `message` for a failed call, else the error's own text. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.field('message') ?? (error.body ? undefined : error.message);
  return error instanceof Error ? error.message : undefined;
}
