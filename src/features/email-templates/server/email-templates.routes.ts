import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  bookingConfirmationTestResponseSchema,
  bookingConfirmationTestSchema,
  emailStatusSchema,
  saveTemplateResponseSchema,
  saveTemplateSchema,
  sendTestEmailResponseSchema,
  sendTestEmailSchema,
  templateContentResponseSchema,
  templateTypeParamsSchema,
} from '../email-templates.schema';
import { getEmailStatus, getSavedTemplate, queueBookingConfirmationTest, saveTemplate, sendTestEmail } from './email-templates.service';

/** The e-mail debugging calls; /api/debug/* is an admin path, guarded by the auth plugin. */
export async function emailTemplateRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const toolDeps = { env: deps.env, secret: deps.secret, publicUrl: deps.env.PUBLIC_URL };

  routes.get('/api/debug/email-templates-status', { schema: { response: { 200: emailStatusSchema } } }, () => getEmailStatus(db, toolDeps));

  routes.get(
    '/api/debug/email-template-content/:type',
    { schema: { params: templateTypeParamsSchema, response: { 200: templateContentResponseSchema } } },
    async (request) => ({ template: await getSavedTemplate(db, request.params.type) }),
  );

  routes.post(
    '/api/debug/create-template',
    { schema: { body: saveTemplateSchema, response: { 200: saveTemplateResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return { success: true as const, template: await saveTemplate(db, admin.email, request.body) };
    },
  );

  routes.post(
    '/api/debug/send-test-email',
    {
      // A real send per call: a slip of the finger must not turn into a mail storm.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: sendTestEmailSchema, response: { 200: sendTestEmailResponseSchema } },
    },
    async (request) => sendTestEmail(db, toolDeps, (await requireAdmin(request)).email, request.body),
  );

  routes.post(
    '/api/debug/send-booking-confirmation-test',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: bookingConfirmationTestSchema, response: { 200: bookingConfirmationTestResponseSchema } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { id } = await queueBookingConfirmationTest(db, toolDeps, admin.email, request.body.email);
      deps.onEmailQueued?.();
      return { success: true as const, message: `Sample booking confirmation queued for ${request.body.email}`, id };
    },
  );
}
