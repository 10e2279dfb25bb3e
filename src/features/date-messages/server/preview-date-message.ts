import type { Database } from '../../../server/db/client';
import type { DateMessageInput, DateMessagePreview } from '../date-messages.schema';
import { readBrandName } from '../../settings/server';
import { dateOr404 } from './date-of';
import { cleanBody, fillMessage, messageValues, SAMPLE_PERSON } from './fill-message';
import { liveRecipients } from './recipients';

/**
 * POST …/messages/preview: the e-mail as the date's first attendee (its oldest live seat) would
 * get it, or filled with sample values while nobody holds a seat (`filledFor` null says which).
 * Its sign-in link signs nobody in: a preview is shown in the admin's browser, not delivered.
 */
export async function previewDateMessage(db: Database, publicUrl: string, workshopDateId: number, input: DateMessageInput): Promise<DateMessagePreview> {
  const html = cleanBody(input.html);
  const date = await dateOr404(db, workshopDateId);
  const people = await liveRecipients(db, date.id);
  const first = people[0] ?? null;
  const link = `${publicUrl}/participant?token=preview`;
  const filled = fillMessage({ subject: input.subject, html }, messageValues(date, first ?? SAMPLE_PERSON, link), await readBrandName(db));
  return { subject: filled.subject, html: filled.html, filledFor: first, recipients: people.length };
}
