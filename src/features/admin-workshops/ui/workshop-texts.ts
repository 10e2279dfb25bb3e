import { ApiError } from '../../../client/lib/api-client';

/** The Workshops tab's toasts, word for word from spec §8. */
export const WORKSHOP_TOASTS = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load workshop dates. Please try again.',
  loadedTitle: 'Data Loaded',
  createFailed: 'Failed to create workshop date...',
  deleteFailed: 'Failed to delete workshop date...',
  statusFailed: 'Failed to update workshop status...',
  featuredFailed: 'Failed to update workshop featured status...',
  editFailed: 'Failed to update workshop details...',
  created: 'Workshop Created',
  deleted: 'Workshop Deleted',
  updated: 'Workshop Updated',
} as const;

export const TEMPLATE_TOASTS = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load workshop templates. Please try again.',
  createFailed: 'Failed to create workshop template...',
  updateFailed: 'Failed to update workshop template...',
  deleteFailed: 'Failed to delete workshop template...',
  created: 'Template Created',
  updated: 'Template Updated',
  deleted: 'Template Deleted',
} as const;

/** 'Loaded 4 workshops' */
export function loadedDescription(count: number): string {
  return `Loaded ${count} ${count === 1 ? 'workshop' : 'workshops'}`;
}

/** The server's `message` field, when the failure came with one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.field('message') : undefined;
}

/** 'Failed to create workshop date... Seats cannot be fewer than the 5 already taken' */
export function failureDescription(base: string, error: unknown): string {
  const message = serverMessage(error);
  return message ? `${base} ${message}` : base;
}
