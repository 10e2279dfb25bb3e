import { zoneStory, zoneStoryText } from '../../../common/workshop-time';
import type { Database } from '../../../server/db/client';
import { htmlToText } from '../../../server/email/html-to-text';
import { enqueueEmail, type OutboxAttachment } from '../../../server/email/outbox';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { emailLayout, escapeHtml, renderTemplate } from '../../../server/email/templates';
import { buildBookingIcs, hostOf } from '../../calendar/server';
import { renderEmail } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { adminSectionUrl, organiserInbox, readBrandName } from '../../settings/server';
import type { CallRow, SeatRow } from './seat-calls';

/**
 * The e-mails of a follow-up call, to both sides, queued in the transaction that changes the
 * call. The participant's use the admin-editable 'call-…' templates; the organiser's are plain
 * notices to where they read mail. Booked, moved and cancelled carry the call's calendar event:
 * one UID per call (call-{id}@host), its SEQUENCE rising with each move, METHOD:CANCEL when it
 * ends, so calendars update the event they took before.
 */

export type CallEmailKind = 'booked' | 'moved' | 'cancelled' | 'reminder';

export type CallEmailDeps = { secret: string; publicUrl: string };

export type CallStory = {
  call: CallRow;
  seat: SeatRow;
  workshopTitle: string;
  /** The organiser's zone, which the call's time is told in first. */
  timeZone: string;
  minNoticeHours: number;
};

export const callEventUid = (callId: number, publicUrl: string) => `call-${callId}@${hostOf(publicUrl)}`;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The call's calendar file: cancelled when the call is, else its current time. */
export function callIcs(story: CallStory, publicUrl: string, now = new Date()): string {
  const { call, seat } = story;
  const lines = [`One-on-one follow-up call after ${story.workshopTitle}.`, `When: ${callWhen(story)}`];
  if (call.meetingLink) lines.push(`Meeting link: ${call.meetingLink}`);
  lines.push('', `Your calls: ${publicUrl.replace(/\/+$/, '')}/participant`);
  return buildBookingIcs({
    bookingId: seat.id,
    uid: callEventUid(call.id, publicUrl),
    host: hostOf(publicUrl),
    title: `${call.status === 'cancelled' ? 'Cancelled: ' : ''}Follow-up call: ${story.workshopTitle}`,
    start: call.startsAt,
    end: call.endsAt,
    description: lines.join('\n'),
    location: call.meetingLink,
    url: `${publicUrl.replace(/\/+$/, '')}/participant`,
    now,
    sequence: call.sequence,
    cancelled: call.status === 'cancelled',
  });
}

function callAttachment(story: CallStory, publicUrl: string): OutboxAttachment {
  const method = story.call.status === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  return {
    filename: method === 'CANCEL' ? 'call-cancelled.ics' : 'follow-up-call.ics',
    contentType: `text/calendar; method=${method}; charset=utf-8`,
    content: base64(callIcs(story, publicUrl)),
  };
}

/** 'Tue, July 8, 2031, 10:00 – 10:30 AM PDT · 7:00 – 7:30 PM CEST for you'. */
export function callWhen(story: Pick<CallStory, 'call' | 'seat' | 'timeZone'>): string {
  return zoneStoryText(zoneStory({ start: story.call.startsAt, end: story.call.endsAt }, story.timeZone, story.seat.timeZone));
}

const isWebLink = (value: string | null): value is string => Boolean(value && /^https?:\/\//i.test(value));

export type CallEmailOptions = {
  /** Who cancelled, for a cancellation: the words the participant reads. */
  cancelledBy?: 'participant' | 'organiser' | 'seat';
  /** The organiser's message when they cancelled. */
  message?: string | null;
};

async function participantEmail(tx: Database, kind: CallEmailKind, story: CallStory, deps: CallEmailDeps, options: CallEmailOptions): Promise<void> {
  const { call, seat } = story;
  const tokens = new SealedTokens();
  const values = {
    firstName: seat.firstName,
    workshopTitle: story.workshopTitle,
    when: callWhen(story),
    meetingLink: call.meetingLink ?? '',
    noticeHours: String(story.minNoticeHours),
    participantLink: participantLinkFor(tokens, deps.publicUrl, seat.email),
  };
  const minutes = Math.round((call.endsAt.getTime() - call.startsAt.getTime()) / 60_000);
  const link = call.meetingLink
    ? isWebLink(call.meetingLink)
      ? '<tr><td><strong>Meeting link</strong></td><td><a href="{{meetingLink}}">{{meetingLink}}</a></td></tr>'
      : '<tr><td><strong>Meeting link</strong></td><td>{{meetingLink}}</td></tr>'
    : '<tr><td><strong>Meeting link</strong></td><td>on your bookings page before the call</td></tr>';
  const callDetails = renderTemplate(`<table role="presentation" cellpadding="4"><tr><td><strong>When</strong></td><td>{{when}}</td></tr><tr><td><strong>Length</strong></td><td>${minutes} minutes</td></tr>${link}</table>`, values, { html: true });
  const why =
    options.cancelledBy === 'organiser'
      ? `<p>The organiser cancelled it.${options.message ? ` They wrote: “${escapeHtml(options.message)}”` : ''}</p>`
      : options.cancelledBy === 'seat'
        ? '<p>It was cancelled with your booking.</p>'
        : options.cancelledBy === 'participant'
          ? '<p>You cancelled it from your bookings page.</p>'
          : '';
  const whatNext = options.cancelledBy === 'seat' ? '' : '<p>The call is yours to book again: pick another time on your bookings page.</p>';
  const email = await renderEmail(tx, `call-${kind}`, values, { trustedHtml: { callDetails, why, whatNext } });
  if (!email) return;
  await enqueueEmail(tx, {
    to: seat.email,
    bcc: email.bcc,
    subject: email.subject,
    html: email.html,
    text: email.text,
    kind: `call-${kind}`,
    attachments: kind === 'reminder' ? undefined : [callAttachment(story, deps.publicUrl)],
    tokens: tokens.tokens,
  });
}

const ORGANISER_SUBJECTS: Record<CallEmailKind, string> = {
  booked: 'Follow-up call booked',
  moved: 'Follow-up call moved',
  cancelled: 'Follow-up call cancelled',
  reminder: 'Tomorrow: follow-up call',
};

async function organiserEmail(tx: Database, kind: CallEmailKind, story: CallStory, deps: CallEmailDeps, options: CallEmailOptions): Promise<void> {
  const to = await organiserInbox(tx);
  if (!to) return;
  const { call, seat } = story;
  const name = `${seat.firstName} ${seat.lastName}`.trim();
  const when = zoneStoryText(zoneStory({ start: call.startsAt, end: call.endsAt }, story.timeZone));
  const subject = `${ORGANISER_SUBJECTS[kind]}: ${name}, ${when}`;
  const by = { participant: `${name} cancelled it.`, organiser: 'You cancelled it.', seat: 'Their booking was cancelled or refunded, so the call went with it.' };
  const rows: [string, string][] = [
    ['Participant', `${name} <${seat.email}>`],
    ['Workshop', story.workshopTitle],
    ['When', when],
    ['Meeting link', call.meetingLink ?? 'none set (Setup › Calls)'],
  ];
  if (kind === 'cancelled' && options.cancelledBy) rows.push(['Why', by[options.cancelledBy]]);
  if (options.message) rows.push(['Your message', options.message]);
  const table = rows
    .map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;"><strong>${escapeHtml(label)}</strong></td><td style="padding:4px 0;white-space:pre-wrap;">${escapeHtml(value)}</td></tr>`)
    .join('');
  const bodyHtml = `<table role="presentation" cellpadding="0" cellspacing="0" border="0">${table}</table><p><a href="${escapeHtml(adminSectionUrl(deps.publicUrl, 'calls'))}">See your calls</a></p>`;
  await enqueueEmail(tx, {
    to,
    subject,
    html: emailLayout({ title: subject, bodyHtml, brandName: await readBrandName(tx) }),
    text: htmlToText(bodyHtml),
    kind: `organiser-call-${kind}`,
    attachments: kind === 'reminder' ? undefined : [callAttachment(story, deps.publicUrl)],
  });
}

/** Both sides' e-mails about a call. */
export async function queueCallEmails(tx: Database, kind: CallEmailKind, story: CallStory, deps: CallEmailDeps, options: CallEmailOptions = {}): Promise<void> {
  await participantEmail(tx, kind, story, deps, options);
  await organiserEmail(tx, kind, story, deps, options);
}
