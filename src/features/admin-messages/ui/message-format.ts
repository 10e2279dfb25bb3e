import type { AdminContactMessage } from '../admin-messages.schema';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Jun 5, 2025, 3:04 PM' in the admin's own time zone. */
export function formatMessageDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A mailto link that answers the message: its sender, 'Re: ' its subject (not doubled). */
export function replyHref(message: Pick<AdminContactMessage, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(message.subject.trim()) ? message.subject.trim() : `Re: ${message.subject.trim()}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}
