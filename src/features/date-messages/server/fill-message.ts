import { randomBytes } from 'node:crypto';
import { workshopWhenFor } from '../../../common/workshop-time';
import { htmlToText } from '../../../server/email/html-to-text';
import { renderTemplate } from '../../../server/email/templates';
import { sanitizeEmailHtml } from '../../../server/lib/sanitize-html';
import { HttpError } from '../../../server/plugins/error-handler';
import { fillTemplate } from '../../email-templates/server';
import { BODY_EMPTY_AFTER_CLEANING, DATE_MESSAGE_PLACEHOLDERS, type DateMessagePlaceholder } from '../date-messages.schema';
import type { WorkshopDateRow } from './date-of';
import type { Recipient } from './recipients';

/** What a TBC date's {{workshopDate}} says. */
export const TO_BE_CONFIRMED = 'To be confirmed';

/**
 * The body as it is stored and sent: sanitised like all admin HTML (placeholders survive, also
 * inside href), refused when nothing readable is left.
 */
export function cleanBody(html: string): string {
  const clean = sanitizeEmailHtml(html).trim();
  if (!htmlToText(clean) && !/<img\b/i.test(clean)) throw new HttpError(400, BODY_EMPTY_AFTER_CLEANING);
  return clean;
}

/**
 * One person's values. `link`: their sign-in link (made with sealed tokens for an e-mail, signed
 * as it is sent), or a link that signs nobody in for a preview, which must not show a working one.
 */
export function messageValues(date: WorkshopDateRow, person: Recipient, link: string): Record<DateMessagePlaceholder, string> {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    workshopTitle: date.title,
    workshopDate: workshopWhenFor(date) ?? TO_BE_CONFIRMED,
    zoomLink: date.zoomLink ?? '',
    zoomMeetingId: date.zoomMeetingId ?? '',
    zoomPassword: date.zoomPassword ?? '',
    participantLink: link,
  };
}

/**
 * The e-mail for one person: subject as one line of text, body in the shared layout with every
 * value escaped (renderTemplate), a text part made from the body.
 */
/** Stands in for the first attendee while nobody holds a seat (previews and test sends). */
export const SAMPLE_PERSON: Recipient = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

export function fillMessage(message: { subject: string; html: string }, values: Record<string, string>, brandName: string) {
  return fillTemplate({ subject: message.subject, content: message.html }, values, { brandName });
}

/**
 * fillMessage for many people at once. The text part is the costly step (an HTML parse per
 * e-mail, most of the time of a message to 500 people), and with no word wrapping it depends on the
 * values only where they stand: so the body is turned into text once, with a marker in place of
 * each value (shaped as a URL, so a placeholder inside href passes the same URL check a real link
 * does), and each person's text is that with their values put in.
 */
export function messageFiller(message: { subject: string; html: string }, brandName: string): (values: Record<DateMessagePlaceholder, string>) => ReturnType<typeof fillMessage> {
  const host = `${randomBytes(6).toString('hex')}.invalid`;
  const markers = Object.fromEntries(DATE_MESSAGE_PLACEHOLDERS.map(({ key }) => [key, `https://${host}/${key}/`]));
  const text = htmlToText(renderTemplate(message.html, markers, { html: true }));
  const marker = new RegExp(`https://${host.replace('.', '\\.')}/(\\w+)/`, 'g');
  return (values) =>
    fillTemplate({ subject: message.subject, content: message.html }, values, {
      brandName,
      text: text.replace(marker, (_match, key: string) => (Object.hasOwn(values, key) ? values[key as DateMessagePlaceholder] : '')),
    });
}
