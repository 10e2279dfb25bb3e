import { ApiError } from '../../../../client/lib/api-client';

/** The server's `message` when it sent one, else the error's own text. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.field('message') ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
