import type { QueryClient } from '@tanstack/react-query';

/**
 * Admin reads: each tab's list loads when the tab is first opened and stays fresh for
 * its own time; no refetch when the window regains focus. gcTime keeps the data while the tab is
 * closed (inactive tabs unmount), so reopening within the fresh time does not fetch again.
 */
export const ADMIN_FRESH_MS = {
  bookings: 60_000,
  contactMessages: 2 * 60_000,
  discountCodes: 5 * 60_000,
  strategyNotes: 5 * 60_000,
  templates: 10 * 60_000,
  /** Everything else an admin tab reads (workshops, users, admin users): fresh on entry and after changes. */
  default: 0,
} as const;

export function adminQueryDefaults(freshMs: number) {
  return { staleTime: freshMs, gcTime: Math.max(freshMs, 10 * 60_000), refetchOnWindowFocus: false } as const;
}

/** The dashboard's summary cards, messages badge and charts read these keys. */
export const ADMIN_SUMMARY_KEY = ['/api/admin/summary'] as const;
export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

/** Call after any change to workshops, bookings or messages so the cards, badge and charts follow. */
export function invalidateAdminOverview(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
  ]).then(() => undefined);
}
