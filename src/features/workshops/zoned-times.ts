import { z } from 'zod';
import { resolveTimeZone, zoneAbbreviation } from '../../common/time-zones';

/**
 * What public and admin answers add to a workshop date's typed `timezone`: the IANA
 * zone it names, the abbreviation in force on that date, and the UTC instants. Runtime-neutral.
 */
export const zonedTimesSchema = z.object({
  /** IANA zone ('America/Los_Angeles'); null for text no zone rules know (an old row). */
  timeZoneId: z.string().nullable(),
  /** The abbreviation in force on the date ('PDT' in July); null when TBC. */
  timeZoneAbbreviation: z.string().nullable(),
  /** ISO 8601, UTC; null when TBC. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type ZonedTimes = z.infer<typeof zonedTimesSchema>;

export type ZonedRow = {
  timezone: string;
  isTBC: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
};

export function zonedTimesOf(row: ZonedRow): ZonedTimes {
  const timeZoneId = resolveTimeZone(row.timezone);
  const start = row.isTBC ? null : row.startsAt;
  return {
    timeZoneId,
    timeZoneAbbreviation: timeZoneId && start ? zoneAbbreviation(timeZoneId, start) : null,
    startsAt: start?.toISOString() ?? null,
    endsAt: start ? (row.endsAt?.toISOString() ?? null) : null,
  };
}
