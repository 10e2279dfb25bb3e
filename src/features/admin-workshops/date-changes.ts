/**
 * What changed of a date that its people need to hear about (docs/decisions/022-dates-that-change.md):
 * the day, the time, the zone and the meeting details. Runtime-neutral: the server decides from it
 * whether to bump the calendar event and e-mail, and the workshop form shows the same list before
 * saving.
 */

export const DATE_CHANGE_FIELDS = ['day', 'time', 'timezone', 'zoomLink', 'zoomMeetingId', 'zoomPassword'] as const;
export type DateChangeField = (typeof DATE_CHANGE_FIELDS)[number];
export type DateChange = { field: DateChangeField; label: string; from: string; to: string };

/** The columns a change is read from, as stored (date and time in their one spelling). */
export type DateChangeFacts = {
  date: string;
  time: string;
  timezone: string;
  endsNextDay: boolean;
  isTBC: boolean;
  zoomLink: string | null;
  zoomMeetingId: string | null;
  zoomPassword: string | null;
};

export const DATE_CHANGE_LABELS: Record<DateChangeField, string> = {
  day: 'Day',
  time: 'Time',
  timezone: 'Time zone',
  zoomLink: 'Meeting link',
  zoomMeetingId: 'Meeting ID',
  zoomPassword: 'Password',
};

const TO_BE_SET = 'to be set';
const NONE = 'none';

const dayOf = (facts: DateChangeFacts) => (facts.isTBC || !facts.date ? TO_BE_SET : facts.date);
const timeOf = (facts: DateChangeFacts) => (facts.isTBC || !facts.time ? TO_BE_SET : facts.endsNextDay ? `${facts.time} (ends the next day)` : facts.time);
const textOf = (value: string | null) => value?.trim() || NONE;

const readers: Record<DateChangeField, (facts: DateChangeFacts) => string> = {
  day: dayOf,
  time: timeOf,
  timezone: (facts) => facts.timezone.trim(),
  zoomLink: (facts) => textOf(facts.zoomLink),
  zoomMeetingId: (facts) => textOf(facts.zoomMeetingId),
  zoomPassword: (facts) => textOf(facts.zoomPassword),
};

/** Each field whose value differs, old and new as people read them; empty when nothing they need changed. */
export function dateChangesBetween(before: DateChangeFacts, after: DateChangeFacts): DateChange[] {
  return DATE_CHANGE_FIELDS.flatMap((field) => {
    const from = readers[field](before);
    const to = readers[field](after);
    return from === to ? [] : [{ field, label: DATE_CHANGE_LABELS[field], from, to }];
  });
}

/** The change moves the event in time (and not only its meeting details). */
export const movesInTime = (changes: readonly DateChange[]) => changes.some((change) => change.field === 'day' || change.field === 'time' || change.field === 'timezone');

/** 'Notify 7 participants' */
export const notifyLabel = (participants: number) => `Notify ${participants === 1 ? '1 participant' : `${participants} participants`}`;
