import { z } from 'zod';
import { isBlank, isHttpUrl, MAX_ROW_ID, rowIdField } from '../../common/schema-kit';
import { safeString } from '../../common/safe-text';
import { resolveTimeZone } from '../../common/time-zones';

/**
 * The follow-up calls each confirmed seat includes (docs/decisions/023-follow-up-calls.md): the
 * organiser's availability, the free slots a participant picks from, the calls themselves and the
 * organiser's calendar feed. Shared by the server and the screens.
 */

export const CALL_NOT_FOUND = 'Call not found';
export const SLOT_TAKEN = 'Someone has just booked this time. Please pick another slot.';
export const NO_CALLS_LEFT = 'All the follow-up calls of this seat are booked. Cancel one to pick another time.';
export const NOT_A_SLOT = 'This time is not one of the free slots. Please pick a slot from the list.';
export const TOO_LATE_TO_CHANGE = (hours: number) =>
  `Calls can be changed up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before they start. Please write to the organiser instead.`;
export const CALLS_NOT_ALLOWED = 'Follow-up calls can be booked once the seat is confirmed and its workshop has a date.';
export const CALL_RANGE_INVALID = "Dates must be written YYYY-MM-DD, 'to' on or after 'from', at most 62 days apart.";

export const CALL_DEFAULTS = {
  callMinutes: 30,
  callsPerBooking: 2,
  weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  minNoticeHours: 24,
  bookingWindowDays: 60,
  bufferMinutes: 0,
} as const;

export const CALL_LIMITS = {
  callMinutes: [10, 240],
  callsPerBooking: [0, 10],
  minNoticeHours: [0, 336],
  bookingWindowDays: [1, 365],
  bufferMinutes: [0, 120],
  weeklyHours: 50,
  blockedDates: 400,
} as const;
/** The longest range one slots request covers. */
export const MAX_SLOT_RANGE_DAYS = 62;

const wholeNumber = (label: string, [min, max]: readonly [number, number], unit: string) =>
  z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`).min(min, `${label} must be between ${min} and ${max} ${unit}`).max(max, `${label} must be between ${min} and ${max} ${unit}`);

/** 'HH:MM' on a 24-hour clock, 00:00 to 24:00 (the end of a day). */
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockField = (label: string) => z.string({ error: `${label} must be a time like 09:00` }).regex(CLOCK, `${label} must be a time like 09:00`);

/** A calendar day written YYYY-MM-DD that exists (no February 30). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  // Date.parse takes February 30 as March 2: the day must read back as written.
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}
export const calendarDayField = (label: string) => z.string({ error: `${label} must be a date written YYYY-MM-DD` }).refine(isCalendarDay, `${label} must be a date written YYYY-MM-DD`);

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const weeklyHoursSchema = z.object({
  /** Monday 1 … Sunday 7 (ISO 8601). */
  weekday: z.number({ error: 'Weekday must be 1 (Monday) to 7 (Sunday)' }).int('Weekday must be 1 (Monday) to 7 (Sunday)').min(1, 'Weekday must be 1 (Monday) to 7 (Sunday)').max(7, 'Weekday must be 1 (Monday) to 7 (Sunday)'),
  start: clockField('Start'),
  end: clockField('End'),
});
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

const timeZoneField = safeString('Time zone', { error: 'Time zone is required' })
  .trim()
  .refine((zone) => resolveTimeZone(zone) !== null, 'Time zone must be a zone such as Europe/Berlin or America/New_York')
  .transform((zone) => resolveTimeZone(zone)!);

const meetingLinkField = z.preprocess(
  (value) => (isBlank(value) ? null : typeof value === 'string' ? value.trim() : value),
  safeString('Meeting link').max(500, 'Meeting link must be 500 characters or less').refine(isHttpUrl, 'Meeting link must be a web address starting with https:// or http://').nullable(),
);

/** The availability fields, each checked on its own; `checkCallSettings` checks them together. */
export const callSettingsFields = {
  callMinutes: wholeNumber('Call length', CALL_LIMITS.callMinutes, 'minutes'),
  callsPerBooking: wholeNumber('Calls per seat', CALL_LIMITS.callsPerBooking, 'calls'),
  timeZone: timeZoneField,
  weeklyHours: z.array(weeklyHoursSchema, { error: 'Weekly hours must be a list' }).max(CALL_LIMITS.weeklyHours, `At most ${CALL_LIMITS.weeklyHours} weekly hours`),
  minNoticeHours: wholeNumber('Minimum notice', CALL_LIMITS.minNoticeHours, 'hours'),
  bookingWindowDays: wholeNumber('Booking window', CALL_LIMITS.bookingWindowDays, 'days'),
  bufferMinutes: wholeNumber('Buffer', CALL_LIMITS.bufferMinutes, 'minutes'),
  blockedDates: z.array(calendarDayField('A blocked day'), { error: 'Blocked days must be a list' }).max(CALL_LIMITS.blockedDates, `At most ${CALL_LIMITS.blockedDates} blocked days`),
  meetingLink: meetingLinkField,
};

/** The saved availability (what the slots are computed from). */
export const callAvailabilitySchema = z.object(callSettingsFields);
export type CallAvailability = z.output<typeof callAvailabilitySchema>;

/** PUT /api/admin/call-settings: any of the fields; the rest stay as saved. */
export const callSettingsInputSchema = z.object(callSettingsFields).partial().strict();
export type CallSettingsInput = z.input<typeof callSettingsInputSchema>;

/**
 * The rules between fields, on the whole availability after a change: each period starts before
 * it ends and is at least one call long, and a day's periods do not overlap. The first broken
 * rule's message, or null.
 */
export function checkCallSettings(settings: Pick<CallAvailability, 'weeklyHours' | 'callMinutes'>): string | null {
  const byDay = new Map<number, WeeklyHours[]>();
  for (const period of settings.weeklyHours) {
    const day = WEEKDAY_NAMES[period.weekday - 1];
    const start = clockMinutes(period.start);
    const end = clockMinutes(period.end);
    if (end <= start) return `${day} ${period.start}–${period.end}: the end must be after the start`;
    if (end - start < settings.callMinutes) return `${day} ${period.start}–${period.end} is shorter than one ${settings.callMinutes}-minute call`;
    byDay.set(period.weekday, [...(byDay.get(period.weekday) ?? []), period]);
  }
  for (const [weekday, periods] of byDay) {
    const sorted = [...periods].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
    for (const [at, period] of sorted.entries()) {
      const before = sorted[at - 1];
      if (before && clockMinutes(period.start) < clockMinutes(before.end)) {
        return `${WEEKDAY_NAMES[weekday - 1]}: ${before.start}–${before.end} and ${period.start}–${period.end} overlap`;
      }
    }
  }
  return null;
}

/** GET and PUT /api/admin/call-settings answer the availability and the feed's address. */
export const callSettingsSchema = callAvailabilitySchema.extend({
  meetingLink: z.string().nullable(),
  timeZone: z.string(),
  /** The secret in the organiser's calendar feed address; renewing it stops the old address. */
  feedToken: z.string(),
  /** The whole address to paste into a calendar app. */
  feedUrl: z.string(),
});
export type CallSettings = z.infer<typeof callSettingsSchema>;

export const feedTokenQuerySchema = z.object({ token: z.string().max(200).optional() });

/** `?from=&to=` of the slots and the admin's list: organiser-zone days, both optional. */
export const dayRangeQuerySchema = z
  .object({
    from: calendarDayField("'from'").optional(),
    to: calendarDayField("'to'").optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, CALL_RANGE_INVALID);

export const callSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
export type CallSlot = z.infer<typeof callSlotSchema>;
export const callSlotsSchema = z.array(callSlotSchema);

export const callSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  meetingLink: z.string().nullable(),
  /** Whether the participant may still move or cancel it (up to the minimum notice before it). */
  changeable: z.boolean(),
});
export type Call = z.infer<typeof callSchema>;

/** GET /api/participant/bookings/{id}/calls. */
export const bookingCallsSchema = z.object({
  allowed: z.boolean(),
  /** Calls the seat may still book. */
  remaining: z.number().int(),
  /** The seat's booked calls, past and upcoming, soonest first. */
  calls: z.array(callSchema),
  /** The organiser's zone, which the slots follow. */
  timeZone: z.string(),
  callMinutes: z.number().int(),
  minNoticeHours: z.number().int(),
  /** The first and last day (organiser's zone, YYYY-MM-DD) that can have slots; null when not allowed. */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** Why not, when not allowed. */
  reason: z.string().nullable(),
});
export type BookingCalls = z.infer<typeof bookingCallsSchema>;

const startsAtField = z.iso.datetime({ offset: true, error: 'startsAt must be a time in ISO 8601, like 2031-07-04T15:00:00Z' });
export const bookCallSchema = z.object({ startsAt: startsAtField });
export type BookCallInput = z.infer<typeof bookCallSchema>;

export const callParamsSchema = z.object({
  bookingId: rowIdField('Booking not found').max(MAX_ROW_ID, 'Booking not found'),
  callId: rowIdField(CALL_NOT_FOUND).max(MAX_ROW_ID, CALL_NOT_FOUND),
});
export const callIdParamsSchema = z.object({ id: rowIdField(CALL_NOT_FOUND).max(MAX_ROW_ID, CALL_NOT_FOUND) });

export const callChangedSchema = z.object({ message: z.string() });

/** DELETE /api/admin/calls/{id}: a message for the participant, optional. */
export const adminCancelCallSchema = z
  .object({ message: safeString('Message').trim().max(2000, 'Message must be 2,000 characters or less').optional() })
  .optional()
  .default({});
/** The route's body: a DELETE without one reaches the schema as null. */
export const adminCancelCallBodySchema = adminCancelCallSchema.unwrap().unwrap().nullish().transform((body) => body ?? {});

export const adminCallSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  participantName: z.string(),
  email: z.string(),
  workshopTitle: z.string(),
  meetingLink: z.string().nullable(),
});
export type AdminCall = z.infer<typeof adminCallSchema>;
export const adminCallsSchema = z.object({ timeZone: z.string(), calls: z.array(adminCallSchema) });
export type AdminCalls = z.infer<typeof adminCallsSchema>;
