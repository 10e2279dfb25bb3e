import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS, sendJsonText } from '../../../server/lib/read-cache';
import { requireAdmin } from '../../../server/plugins/auth';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  NO_MAIL_TRANSPORT,
  emailDiagnosticsSchema,
  isLegalPage,
  LEGAL_PAGE_NOT_FOUND,
  legalPageParamsSchema,
  legalPageSchema,
  paymentStatusSchema,
  paymentTestSchema,
  settingsSchema,
  settingsUpdateSchema,
  testEmailResponseSchema,
  testEmailSchema,
} from '../settings.schema';
import { runEmailDiagnostics } from './email-diagnostics';
import { readableMailError, resolveMailTransport, transportFor } from './mail-transport';
import { getPaymentStatus, testPaymentConnection } from './payment-check';
import { draftEmailConfig, getLegalPage, getSettings, getSiteContent, requireCompleteEmail, saveSettings } from './settings.service';

const TEST_EMAIL_TIMEOUT_MS = 30_000;

/** One test e-mail: plain and recognisable, so the admin knows which tool sent it. */
function testMessage(to: string) {
  return {
    to,
    bcc: null,
    subject: 'Test email from your workshop site',
    html: '<p>This is a test email from the admin settings. If you can read it, e-mail delivery works.</p>',
    text: 'This is a test email from the admin settings. If you can read it, e-mail delivery works.',
    attachments: null,
  };
}

/** Settings tab; admin paths, guarded by the auth plugin. */
export async function settingsRoutes(app: FastifyInstance, { db, env, secret, payments, publicCache }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Public: the landing page's promo sticker and the footer's legal pages.
  routes.get('/api/site-content', async (_request, reply) => sendJsonText(reply, await publicCache.get(PUBLIC_READS.siteContent, () => getSiteContent(db))));
  routes.get('/api/legal/:page', { schema: { params: legalPageParamsSchema, response: { 200: legalPageSchema } } }, (request) => {
    const { page } = request.params;
    if (!isLegalPage(page)) throw new HttpError(404, LEGAL_PAGE_NOT_FOUND);
    return getLegalPage(db, page);
  });

  routes.get('/api/admin/settings', { schema: { response: { 200: settingsSchema } } }, () => getSettings(db, env, secret));

  routes.post('/api/admin/settings', { schema: { body: settingsUpdateSchema, response: { 200: settingsSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const changed = await saveSettings(db, secret, admin.email, request.body);
    // The brand name is shown with the site content: pages, the feed and social cards drop with it.
    if (changed.some((field) => field.startsWith('promo') || field === 'brandName')) publicCache.invalidate(PUBLIC_READS.siteContent);
    return getSettings(db, env, secret);
  });

  routes.post(
    '/api/admin/settings/test-email',
    { schema: { body: testEmailSchema, response: { 200: testEmailResponseSchema } } },
    async (request) => {
      await requireAdmin(request);
      const { to, settings: draft } = request.body;
      let transport;
      if (draft) {
        const config = await draftEmailConfig(db, secret, draft);
        requireCompleteEmail(config);
        transport = (await transportFor(db, env, config)).transport;
      } else {
        transport = await resolveMailTransport(db, env, secret);
      }
      if (!transport) throw new HttpError(400, NO_MAIL_TRANSPORT, 'mail_not_configured');
      try {
        // Sent now, not through the outbox: the admin wants to see the server's answer.
        await transport.send(testMessage(to), { signal: AbortSignal.timeout(TEST_EMAIL_TIMEOUT_MS) });
      } catch (error) {
        throw new HttpError(502, readableMailError(error).message, 'mail_send_failed');
      }
      return { success: true as const, message: `Email sent to ${to}` };
    },
  );

  routes.post('/api/admin/settings/email-diagnostics', { schema: { response: { 200: emailDiagnosticsSchema } } }, async (request) => {
    await requireAdmin(request);
    return runEmailDiagnostics(db, env, secret);
  });

  routes.get('/api/admin/settings/payment-status', { schema: { response: { 200: paymentStatusSchema } } }, () =>
    getPaymentStatus(db, env, payments),
  );

  routes.post('/api/admin/settings/payment-test', { schema: { response: { 200: paymentTestSchema } } }, async (request) => {
    await requireAdmin(request);
    return testPaymentConnection(env, payments);
  });
}
