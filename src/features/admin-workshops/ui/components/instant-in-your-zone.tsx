import { workshopInterval } from '../../../../common/dates';
import { clockForBoth, resolveTimeZone, runtimeTimeZone, wallTime } from '../../../../common/time-zones';

type InstantInYourZoneProps = {
  date: string;
  time: string;
  timezone: string;
  endsNextDay: boolean;
  className?: string;
};

/**
 * Under the date and time fields: when the workshop happens under its zone's rules on that date,
 * and on the admin's own clock beside it ('Starts Fri, July 4, 2031, 10:00 AM PDT · 7:00 PM CEST
 * for you'), so a wrong zone or a day off by one shows before saving. Announced politely as it
 * changes.
 */
export function InstantInYourZone({ date, time, timezone, endsNextDay, className }: InstantInYourZoneProps) {
  const zoneId = resolveTimeZone(timezone);
  const interval = zoneId ? workshopInterval(date, time, timezone, endsNextDay) : null;
  let text = 'Pick a date, a start time and a time zone to see when the workshop starts.';
  if (zoneId && interval) {
    const start = wallTime(interval.start, zoneId);
    const end = wallTime(interval.end, zoneId);
    const endDay = end.day === start.day ? '' : `${end.day}, `;
    text = `Starts ${start.day}, ${clockForBoth(interval.start, zoneId, runtimeTimeZone())}; ends ${endDay}${end.clock} ${end.abbreviation}.`;
  }
  return (
    <p className={`text-sm text-ink-soft ${className ?? ''}`} aria-live="polite" data-testid="workshop-instant">
      {text}
    </p>
  );
}
