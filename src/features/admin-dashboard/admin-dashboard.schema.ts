import { z } from 'zod';

/** GET /api/admin/summary: the cards of the dashboard (spec §2's three and the waiting list) and the messages badge. */
export const adminSummarySchema = z.object({
  activeWorkshops: z.number().int(),
  totalWorkshops: z.number().int(),
  /** Bookings that hold a seat (confirmed or reserved); cancelled and refunded ones are not counted. */
  totalBookings: z.number().int(),
  paidBookings: z.number().int(),
  freeBookings: z.number().int(),
  /** US dollars from paid bookings with a non-zero final price. */
  revenue: z.number(),
  unreadMessages: z.number().int(),
  /** Waiting-list entries still in line for an upcoming date or a workshop's next date (not those holding an offer). */
  peopleWaiting: z.number().int(),
  /** The seats those entries want together. */
  seatsWaitedFor: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** GET /api/admin/stats: what the dashboard charts draw. */
export const adminStatsSchema = z.object({
  /** The last STATS_WEEKS weeks, oldest first, each starting on a Monday (UTC); weeks without bookings included. */
  weekly: z.array(z.object({ weekStart: z.string(), bookings: z.number().int(), revenue: z.number() })),
  /** Active workshops that have not ended, soonest first (TBC last). */
  upcoming: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      date: z.string(),
      isTBC: z.boolean(),
      seatsTaken: z.number().int(),
      seatsTotal: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const STATS_WEEKS = 12;
export const STATS_UPCOMING_LIMIT = 8;
