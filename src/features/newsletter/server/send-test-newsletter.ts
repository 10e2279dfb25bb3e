import type { Database } from '../../../server/db/client';
import { enqueueEmail } from '../../../server/email/outbox';
import { auditOf, type Actor } from '../../../server/lib/audit';
import type { NewsletterInput, NewsletterTestSent } from '../newsletter.schema';
import { renderNewsletterSample } from './newsletter.service';

/**
 * Its own kind: the worker neither paces it with the newsletters nor adds the admin's own
 * unsubscribe link to it (the copy already carries the preview's link, which unsubscribes nobody).
 */
export const NEWSLETTER_TEST_KIND = 'newsletter-test';

const audit = auditOf('newsletter');

/**
 * POST /api/admin/newsletter/test: one copy of the newsletter, rendered as subscribers get it, to
 * the signed-in admin only (no Bcc, no subscriber), subject marked '[Test] ', through the outbox.
 */
export async function sendTestNewsletter(db: Database, admin: Actor, input: NewsletterInput, publicUrl: string): Promise<NewsletterTestSent> {
  const { bcc: _bcc, ...rendered } = await renderNewsletterSample(db, input, publicUrl);
  return db.transaction(async (tx) => {
    await enqueueEmail(tx, { to: admin.email, ...rendered, subject: `[Test] ${rendered.subject}`, kind: NEWSLETTER_TEST_KIND });
    await audit(tx, admin, 'newsletter_test_sent', undefined, { subject: rendered.subject });
    return { to: admin.email };
  });
}
