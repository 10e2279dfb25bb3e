import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { resolveTimeZone } from '../../../common/time-zones';
import type { Database } from '../../../server/db/client';
import { settings } from '../../../server/db/schema';
import { readSetting } from '../../../server/db/settings-snapshot';
import { fieldChanges, recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import type { AdminIdentity } from '../../../server/plugins/auth';
import { getDefaultTimezone } from '../../settings/server';
import { CALL_DEFAULTS, callAvailabilitySchema, checkCallSettings, type CallAvailability, type CallSettings } from '../calls.schema';

/**
 * The organiser's availability for follow-up calls, one row of the settings table ('calls'), and
 * the secret of their calendar feed. A saved value that no longer reads (a hand-edited row) falls
 * back to its default, field by field. Changing the availability never touches calls already
 * booked: they keep their time and their meeting link.
 */

export const CALLS_KEY = 'calls';

const storedSchema = z.object({
    callMinutes: callAvailabilitySchema.shape.callMinutes.catch(CALL_DEFAULTS.callMinutes),
    callsPerBooking: callAvailabilitySchema.shape.callsPerBooking.catch(CALL_DEFAULTS.callsPerBooking),
    // Null until the organiser saves a zone: until then the calls follow the site's zone.
    timeZone: callAvailabilitySchema.shape.timeZone.nullable().catch(null),
    weeklyHours: callAvailabilitySchema.shape.weeklyHours.catch(() => CALL_DEFAULTS.weeklyHours.map((period) => ({ ...period }))),
    minNoticeHours: callAvailabilitySchema.shape.minNoticeHours.catch(CALL_DEFAULTS.minNoticeHours),
    bookingWindowDays: callAvailabilitySchema.shape.bookingWindowDays.catch(CALL_DEFAULTS.bookingWindowDays),
    bufferMinutes: callAvailabilitySchema.shape.bufferMinutes.catch(CALL_DEFAULTS.bufferMinutes),
    blockedDates: callAvailabilitySchema.shape.blockedDates.catch([]),
    meetingLink: callAvailabilitySchema.shape.meetingLink.catch(null),
    feedToken: z.string().min(20).nullable().catch(null),
  });
type Stored = z.infer<typeof storedSchema>;

async function readStored(db: Database): Promise<Stored> {
  return storedSchema.parse((await readSetting(db, CALLS_KEY)) ?? {});
}

/** The stored availability with the zone filled in: the organiser's, else the site's. */
async function availabilityOf(db: Database, stored: Stored): Promise<CallAvailability> {
  const { feedToken: _token, timeZone, ...rest } = stored;
  return { ...rest, timeZone: timeZone ?? resolveTimeZone(await getDefaultTimezone(db)) ?? 'UTC' };
}

/** The availability the slots are computed from. */
export async function getCallAvailability(db: Database): Promise<CallAvailability> {
  return availabilityOf(db, await readStored(db));
}

/** How many follow-up calls a seat includes now (the confirmation e-mail offers them): one read of the row. */
export async function callsPerSeat(db: Database): Promise<number> {
  return (await readStored(db)).callsPerBooking;
}

/**
 * The confirmation e-mail's paragraph about the calls, a template whose {{participantLink}} (the
 * participant's sign-in link) the caller fills; empty when seats include none.
 */
export function followUpCallsParagraph(calls: number): string {
  if (calls <= 0) return '';
  const howMany = calls === 1 ? 'one one-on-one follow-up call' : `${calls} one-on-one follow-up calls`;
  return `<p>Your seat includes ${howMany} with the organiser after the workshop. <a href="{{participantLink}}">Book your follow-up calls (${calls} left)</a></p>`;
}

const newFeedToken = () => randomBytes(24).toString('base64url');

export const feedUrlFor = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/api/calendar/organiser.ics?token=${token}`;

async function answer(db: Database, stored: Stored & { feedToken: string }, publicUrl: string): Promise<CallSettings> {
  return { ...(await availabilityOf(db, stored)), feedToken: stored.feedToken, feedUrl: feedUrlFor(publicUrl, stored.feedToken) };
}

/** Writes the whole row under its lock (a first read creates the feed's secret, once). */
async function writeStored(db: Database, change: (stored: Stored) => Stored): Promise<Stored & { feedToken: string }> {
  return db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: CALLS_KEY, value: {} }).onConflictDoNothing();
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, CALLS_KEY)).for('update');
    const changed = change(await readStored(tx));
    const next = { ...changed, feedToken: changed.feedToken ?? newFeedToken() };
    await tx.update(settings).set({ value: next, updatedAt: new Date() }).where(eq(settings.key, CALLS_KEY));
    return next;
  });
}

/** GET /api/admin/call-settings. */
export async function getCallSettings(db: Database, publicUrl: string): Promise<CallSettings> {
  const stored = await readStored(db);
  if (stored.feedToken) return answer(db, { ...stored, feedToken: stored.feedToken }, publicUrl);
  return answer(db, await writeStored(db, (current) => current), publicUrl);
}

/** The audit log shows these fields' old and new values, and the lists by name only. */
const AUDITED_VALUES = ['callMinutes', 'callsPerBooking', 'timeZone', 'minNoticeHours', 'bookingWindowDays', 'bufferMinutes', 'meetingLink'] as const;
const AUDITED_NAMES = ['weeklyHours', 'blockedDates'] as const;

/** PUT /api/admin/call-settings: the fields given, checked with the rest as saved; 400 and nothing saved when a rule breaks. */
export async function saveCallSettings(db: Database, admin: AdminIdentity, input: Partial<CallAvailability>, publicUrl: string): Promise<CallSettings> {
  let changed: ReturnType<typeof fieldChanges<Stored>> | null = null;
  const saved = await writeStored(db, (current) => {
    const next = { ...current, ...input, blockedDates: [...new Set(input.blockedDates ?? current.blockedDates)].sort() };
    const broken = checkCallSettings(next);
    if (broken) throw new HttpError(400, broken);
    changed = fieldChanges(current, next, AUDITED_VALUES, AUDITED_NAMES);
    return next;
  });
  await recordAudit(db, { actor: admin.email, action: 'call_settings_updated', entity: 'settings', entityId: CALLS_KEY, details: changed ?? {} });
  return answer(db, saved, publicUrl);
}

/** POST /api/admin/call-settings/feed-token: a new secret; the old address stops working at once. */
export async function renewFeedToken(db: Database, admin: AdminIdentity, publicUrl: string): Promise<CallSettings> {
  const saved = await writeStored(db, (current) => ({ ...current, feedToken: newFeedToken() }));
  await recordAudit(db, { actor: admin.email, action: 'call_feed_renewed', entity: 'settings', entityId: CALLS_KEY });
  return answer(db, saved, publicUrl);
}

/** Whether a token is the feed's secret (compared in constant time). */
export async function isFeedToken(db: Database, token: string | undefined): Promise<boolean> {
  const { feedToken } = await readStored(db);
  if (!token || !feedToken) return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(feedToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
