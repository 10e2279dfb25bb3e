import { REPLY_SUBJECT_MAX } from '../admin-messages.schema';

// With the weekday, as every date in the admin's lists.
const dateTime = new Intl.DateTimeFormat('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Jun 5, 2025, 3:04 PM' in the admin's own time zone. */
export function formatMessageDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/**
 * The subject a reply starts with: 'Re: ' and the visitor's subject, not doubled when it already
 * starts with 'Re:' (any case), and cut to what the reply accepts, so the form is sendable as
 * it opens even for the longest subject the contact form takes.
 */
export function replySubject(subject: string): string {
  const trimmed = subject.trim().replace(/\s*[\r\n]+\s*/g, ' ');
  const answered = /^re\s*:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
  if (answered.length <= REPLY_SUBJECT_MAX) return answered;
  // Never cut between the two halves of an emoji: a lone half is text no field accepts.
  const cut = answered.slice(0, REPLY_SUBJECT_MAX);
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}
