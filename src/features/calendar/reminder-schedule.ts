/**
 * Which reminder a confirmed booking is due: the 24-hour one inside the last day
 * before the start, the 1-hour one inside the last hour. Inside the last hour only the 1-hour one
 * is due, so a late booking or a sweep that was down for a while sends one timely e-mail rather
 * than two at once. Pure, so the windows are unit-tested without a clock.
 */

export type ReminderKind = '24h' | '1h';

export const REMINDER_WINDOWS_MS: Record<ReminderKind, number> = {
  '24h': 24 * 3_600_000,
  '1h': 3_600_000,
};

export function dueReminderKind(startsAt: Date, now: Date): ReminderKind | null {
  const ahead = startsAt.getTime() - now.getTime();
  if (!(ahead > 0)) return null;
  if (ahead <= REMINDER_WINDOWS_MS['1h']) return '1h';
  if (ahead <= REMINDER_WINDOWS_MS['24h']) return '24h';
  return null;
}

const MINUTE_MS = 60_000;

/**
 * How far off the start is, for the subject: 'in 24 hours', 'in 1 hour'. The time left is said as
 * it is, so a reminder that goes out late (a booking made 5 hours before, a sweep that was down)
 * says 'in 5 hours', not 'in 24 hours'. Without a start time, the reminder's own window.
 */
export function reminderLeadText(kind: ReminderKind, startsAt?: Date, now?: Date): string {
  if (!startsAt || !now) return kind === '1h' ? 'in 1 hour' : 'in 24 hours';
  const minutes = Math.max(1, Math.round((startsAt.getTime() - now.getTime()) / MINUTE_MS));
  if (minutes < 50) return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.max(1, Math.round(minutes / 60));
  return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
