import type { z } from 'zod';
import { callSettingsInputSchema, checkCallSettings, type CallSettings, type CallSettingsInput } from '../calls.schema';

/**
 * The availability form's state and its checks. The fields are typed text (a number field may be
 * empty or half typed), so the form keeps text and turns it into the request on save, where the
 * shared schema checks it with its own messages, field by field, then checkCallSettings the rules
 * between fields: the same words the server would answer.
 */

export type DraftPeriod = { key: number; weekday: number; start: string; end: string };

export type CallSettingsDraft = {
  callMinutes: string;
  callsPerBooking: string;
  timeZone: string;
  minNoticeHours: string;
  bufferMinutes: string;
  bookingWindowDays: string;
  meetingLink: string;
  weeklyHours: DraftPeriod[];
  blockedDates: string[];
};

let nextKey = 0;
/** A period's key for React lists: periods have no id of their own. */
export const periodKey = () => ++nextKey;

/**
 * A time field cannot show 24:00, the end of a day in the saved hours: it shows 00:00 (12:00 AM),
 * and an end of 00:00 is saved as 24:00, since a period never ends at the start of its own day.
 */
const endShown = (end: string) => (end === '24:00' ? '00:00' : end);
const endSaved = (end: string) => (end === '00:00' ? '24:00' : end);

export function draftFrom(settings: CallSettings): CallSettingsDraft {
  return {
    callMinutes: String(settings.callMinutes),
    callsPerBooking: String(settings.callsPerBooking),
    timeZone: settings.timeZone,
    minNoticeHours: String(settings.minNoticeHours),
    bufferMinutes: String(settings.bufferMinutes),
    bookingWindowDays: String(settings.bookingWindowDays),
    meetingLink: settings.meetingLink ?? '',
    weeklyHours: sortPeriods(settings.weeklyHours.map((period) => ({ key: periodKey(), weekday: period.weekday, start: period.start, end: endShown(period.end) }))),
    blockedDates: [...settings.blockedDates].sort(),
  };
}

/** By weekday, then start: the order the editor shows and the request sends. */
export function sortPeriods(periods: DraftPeriod[]): DraftPeriod[] {
  return [...periods].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
}

/** Typed text as a number for the schema; empty or not a number reads as NaN, which it refuses with the field's message. */
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** What the form sends, before the schema has looked at it. */
export function requestFrom(draft: CallSettingsDraft): Record<keyof CallSettingsInput, unknown> {
  return {
    callMinutes: number(draft.callMinutes),
    callsPerBooking: number(draft.callsPerBooking),
    timeZone: draft.timeZone,
    minNoticeHours: number(draft.minNoticeHours),
    bufferMinutes: number(draft.bufferMinutes),
    bookingWindowDays: number(draft.bookingWindowDays),
    meetingLink: draft.meetingLink,
    weeklyHours: draft.weeklyHours.map(({ weekday, start, end }) => ({ weekday, start, end: endSaved(end) })),
    blockedDates: draft.blockedDates,
  };
}

export type DraftErrors = {
  /** A field's first message, by its path ('callMinutes', 'weeklyHours.2.end'). */
  fields: Map<string, string>;
  /** A rule between the weekly hours (overlap, too short for one call). */
  weeklyHours: string | null;
};

/** The request, checked: the input to send, or the messages to show. */
export function checkDraft(draft: CallSettingsDraft): { input: CallSettingsInput; errors: null } | { input: null; errors: DraftErrors } {
  const parsed = callSettingsInputSchema.safeParse(requestFrom(draft));
  if (!parsed.success) return { input: null, errors: { fields: issuesByPath(parsed.error), weeklyHours: null } };
  const { weeklyHours = [], callMinutes } = parsed.data;
  const broken = checkCallSettings({ weeklyHours, callMinutes: callMinutes ?? 0 });
  if (broken) return { input: null, errors: { fields: new Map(), weeklyHours: broken } };
  return { input: parsed.data, errors: null };
}

function issuesByPath(error: z.ZodError): Map<string, string> {
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!fields.has(path)) fields.set(path, issue.message);
  }
  return fields;
}
