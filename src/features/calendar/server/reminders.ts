import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookingReminders, bookings, workshopDates } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { renderTemplate } from '../../../server/email/templates';
import { renderEmail } from '../../email-templates/server';
import { joinLinkFor, participantLinkFor } from '../../participant/server';
import { dueReminderKind, REMINDER_WINDOWS_MS, reminderLeadText, type ReminderKind } from '../reminder-schedule';
import { workshopEventTimes, zoneStory, zoneStoryText } from '../../../common/workshop-time';

/**
 * Reminder e-mails: every confirmed participant gets the meeting details 24 hours
 * and 1 hour before their workshop. Every app instance runs this from its background sweep; a
 * reminder is sent once because it is claimed by inserting its (booking, kind) row into
 * booking_reminders, whose unique index lets one instance win, in the same transaction that
 * queues the e-mail: a crash can neither mark a reminder without queueing it nor queue it twice.
 */

export type ReminderDeps = {
  secret: string;
  publicUrl: string;
  /** Wakes the outbox worker after reminders were queued. */
  onEmailQueued?: () => void;
};

/** Most reminders one run handles; the rest wait for the next sweep (30 s), so a big workshop never blocks it. */
export const REMINDER_BATCH_SIZE = 200;

type BookingRow = typeof bookings.$inferSelect;
type WorkshopDateRow = typeof workshopDates.$inferSelect;

const ISO = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Only http(s) links become clickable: the meeting link is typed by an admin. */
function isWebLink(value: string | null): value is string {
  return Boolean(value && /^https?:\/\//i.test(value.trim()));
}

/** The admin's 'reminder' template filled for this booking; null when the template is switched off. */
async function reminderEmail(tx: Database, kind: ReminderKind, booking: BookingRow, date: WorkshopDateRow, deps: ReminderDeps, now: Date) {
  const times = workshopEventTimes(date);
  const tokens = new SealedTokens();
  const values = {
    firstName: booking.firstName,
    workshopTitle: date.title,
    lead: reminderLeadText(kind, times?.start, now),
    // The organiser's time, and the participant's beside it in the zone they booked in.
    when: times ? zoneStoryText(zoneStory(times, date.timezone, booking.timeZone)) : `${date.date}, ${date.time} ${date.timezone}`,
    zoomLink: date.zoomLink ?? '',
    meetingId: date.zoomMeetingId ?? '',
    password: date.zoomPassword ?? '',
    participantLink: participantLinkFor(tokens, deps.publicUrl, booking.email),
    // The seat's own way in: it opens the meeting link as it is when clicked, and checks them in.
    joinLink: joinLinkFor(tokens, deps.publicUrl, booking.id, now.getTime()),
  };
  const rows = [
    '<tr><td><strong>When</strong></td><td>{{when}}</td></tr>',
    '<tr><td><strong>Join</strong></td><td><a href="{{joinLink}}">Join the workshop</a> (your personal link)</td></tr>',
    date.zoomLink
      ? isWebLink(date.zoomLink)
        ? '<tr><td><strong>Meeting link</strong></td><td><a href="{{zoomLink}}">{{zoomLink}}</a></td></tr>'
        : '<tr><td><strong>Meeting link</strong></td><td>{{zoomLink}}</td></tr>'
      : '',
    date.zoomMeetingId ? '<tr><td><strong>Meeting ID</strong></td><td>{{meetingId}}</td></tr>' : '',
    date.zoomPassword ? '<tr><td><strong>Password</strong></td><td>{{password}}</td></tr>' : '',
  ].join('');
  const noLink = date.zoomLink ? '' : '<p>The meeting link will be on your bookings page.</p>';
  // Markup we build (the admin's template places it with {{meetingDetails}}); values escaped inside.
  const meetingDetails = renderTemplate(`<table role="presentation" cellpadding="4">${rows}</table>${noLink}`, values, { html: true });
  const email = await renderEmail(tx, 'reminder', values, { trustedHtml: { meetingDetails } });
  if (!email) return null;
  return { to: booking.email, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: `booking-reminder-${kind}`, tokens: tokens.tokens };
}

/** Claims and queues one reminder; false when another run (or instance) already sent it. */
async function sendReminder(db: Database, deps: ReminderDeps, kind: ReminderKind, bookingId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // FOR SHARE: a cancellation committing meanwhile waits for us, or we see it and skip.
    const [row] = await tx
      .select({ booking: bookings, date: workshopDates })
      .from(bookings)
      .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed'), eq(workshopDates.isActive, true)))
      .for('share', { of: bookings })
      .limit(1);
    if (!row) return false;
    // The unique (booking, kind) index decides: a concurrent insert waits for ours and then does nothing.
    const claimed = await tx.insert(bookingReminders).values({ bookingId, kind }).onConflictDoNothing().returning({ bookingId: bookingReminders.bookingId });
    if (claimed.length === 0) return false;
    // A switched-off template still claims the reminder (it is not tried again), but sends nothing.
    const email = await reminderEmail(tx, kind, row.booking, row.date, deps, now);
    if (!email) return false;
    await enqueueEmail(tx, email);
    return true;
  });
}

/**
 * Queues every reminder due at `now` (up to REMINDER_BATCH_SIZE per run). The kind due follows
 * dueReminderKind: '1h' inside the last hour, '24h' inside the last day before that.
 */
export async function sendDueReminders(db: Database, deps: ReminderDeps, now: Date = new Date()): Promise<{ sent: number }> {
  const oneHourAhead = new Date(now.getTime() + REMINDER_WINDOWS_MS['1h']);
  const oneDayAhead = new Date(now.getTime() + REMINDER_WINDOWS_MS['24h']);
  // The kind due per row, so a booking already reminded for it is not picked again.
  const dueKind = sql<ReminderKind>`(case when ${workshopDates.startsAt} <= ${ISO(oneHourAhead)} then '1h' else '24h' end)`;
  const due = await db
    .select({ bookingId: bookings.id, startsAt: workshopDates.startsAt })
    .from(bookings)
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        eq(workshopDates.isActive, true),
        eq(workshopDates.isTBC, false),
        gt(workshopDates.startsAt, now),
        lte(workshopDates.startsAt, oneDayAhead),
        sql`not exists (select 1 from ${bookingReminders} where ${bookingReminders.bookingId} = ${bookings.id} and ${bookingReminders.kind} = ${dueKind})`,
      ),
    )
    .orderBy(asc(workshopDates.startsAt), asc(bookings.id))
    .limit(REMINDER_BATCH_SIZE);

  let sent = 0;
  for (const { bookingId, startsAt } of due) {
    // The SQL above narrows the rows by the same windows; this pure rule names the kind.
    const kind = startsAt ? dueReminderKind(startsAt, now) : null;
    if (kind && (await sendReminder(db, deps, kind, bookingId, now))) sent++;
  }
  if (sent > 0) deps.onEmailQueued?.();
  return { sent };
}
