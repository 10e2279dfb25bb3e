import { z } from 'zod';
import { MAX_ROW_ID, rowIdField } from '../../common/schema-kit';

/**
 * A workshop date's roster (docs/decisions/020-roster-and-join-links.md): every seat that holds a
 * place on it — confirmed or reserved, never cancelled, refunded, expired or deleted — with who sits
 * there, how it is paid and whether they came. Shared by the admin screen and the server.
 */

export const DATE_NOT_FOUND = 'Workshop date not found';
export const SEAT_NOT_FOUND = 'No live seat with that number on this date';
export const ATTENDANCE_REQUIRED = 'hasAttended must be true or false';

/** The statuses a roster lists: a seat still held (paid, free, or reserved to pay later). */
export const ROSTER_STATUSES = ['confirmed', 'reserved'] as const;

/** 'paid' (settled with money), 'free' (a 100 % code), 'unpaid' (a reservation still to pay). */
export const ROSTER_PAYMENTS = ['paid', 'free', 'unpaid'] as const;
export type RosterPayment = (typeof ROSTER_PAYMENTS)[number];

/** How a seat is paid, from what the seat row says (a price of 0 is free whatever else it says). */
export function rosterPayment(seat: { isPaid: boolean; finalPriceCents: number }): RosterPayment {
  if (seat.finalPriceCents === 0) return 'free';
  return seat.isPaid ? 'paid' : 'unpaid';
}

const dateId = rowIdField(DATE_NOT_FOUND).max(MAX_ROW_ID, DATE_NOT_FOUND);
export const rosterParamsSchema = z.object({ id: dateId });
export const rosterSeatParamsSchema = z.object({ id: dateId, bookingId: rowIdField(SEAT_NOT_FOUND).max(MAX_ROW_ID, SEAT_NOT_FOUND) });

export const attendanceInputSchema = z.object({ hasAttended: z.boolean({ error: ATTENDANCE_REQUIRED }) }, { error: ATTENDANCE_REQUIRED });
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;

export const rosterAttendeeSchema = z.object({
  bookingId: z.number().int(),
  orderId: z.number().int(),
  orderReference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  payment: z.enum(ROSTER_PAYMENTS),
  status: z.enum(ROSTER_STATUSES),
  hasAttended: z.boolean(),
  /** ISO instant they first came in through their personal join link; null if never. */
  joinedAt: z.string().nullable(),
});
export type RosterAttendee = z.infer<typeof rosterAttendeeSchema>;

export const rosterDateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
  isTBC: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  seatsTotal: z.number().int(),
  hasMeetingLink: z.boolean(),
});
export type RosterDate = z.infer<typeof rosterDateSchema>;

export const rosterSchema = z.object({ workshopDate: rosterDateSchema, attendees: z.array(rosterAttendeeSchema) });
export type Roster = z.infer<typeof rosterSchema>;

export const markAllResultSchema = z.object({ updated: z.number().int(), hasAttended: z.boolean() });
export type MarkAllResult = z.infer<typeof markAllResultSchema>;

/** The roster's CSV columns, in order. */
export const ROSTER_CSV_HEADER = ['Booking', 'Order', 'First name', 'Last name', 'E-mail', 'Company', 'Payment', 'Status', 'Attended', 'Joined at'] as const;

/** roster-{date id}.csv, as the download is named. */
export const rosterCsvFileName = (workshopDateId: number) => `roster-${workshopDateId}.csv`;
