import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  dateIdParamsSchema,
  dateMessageDefaultsResponseSchema,
  dateMessageDefaultsSchema,
  dateMessageInputSchema,
  dateMessageLogSchema,
  dateMessagePreviewSchema,
  queuedSchema,
  scheduledMessageInputSchema,
  scheduledMessageListSchema,
  scheduledMessageParamsSchema,
  testSentSchema,
} from '../date-messages.schema';
import { getDefaultMessages, saveDefaultMessages } from './default-messages';
import { listDateMessages } from './list-date-messages';
import { previewDateMessage } from './preview-date-message';
import { addScheduledMessage, applyDefaultsToDate, deleteScheduledMessage, editScheduledMessage, scheduledMessagesOf } from './scheduled-messages';
import { sendDateMessage } from './send-date-message';
import { sendTestMessage } from './send-test-message';

const DATE = '/api/admin/workshop-dates/:id';

/**
 * Messages to a date's people (docs/decisions/021-messages-to-a-date.md): send, preview, test,
 * the log, the date's schedule and the organiser's defaults. All under /api/admin, which the auth
 * plugin guards before any body is read.
 */
export async function dateMessagesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const publicUrl = deps.env.PUBLIC_URL;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(`${DATE}/messages`, { schema: { params: dateIdParamsSchema, response: { 200: dateMessageLogSchema } } }, async (request) =>
    listDateMessages(db, request.params.id),
  );

  routes.post(
    `${DATE}/messages`,
    { schema: { params: dateIdParamsSchema, body: dateMessageInputSchema, response: { 202: queuedSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const queued = await sendDateMessage(db, publicUrl, admin, request.params.id, request.body);
      deps.onEmailQueued?.();
      return reply.status(202).send(queued);
    },
  );

  routes.post(
    `${DATE}/messages/preview`,
    { schema: { params: dateIdParamsSchema, body: dateMessageInputSchema, response: { 200: dateMessagePreviewSchema } } },
    async (request) => previewDateMessage(db, publicUrl, request.params.id, request.body),
  );

  routes.post(
    `${DATE}/messages/test`,
    { schema: { params: dateIdParamsSchema, body: dateMessageInputSchema, response: { 202: testSentSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const sent = await sendTestMessage(db, publicUrl, admin, request.params.id, request.body);
      deps.onEmailQueued?.();
      return reply.status(202).send(sent);
    },
  );

  routes.get(`${DATE}/scheduled-messages`, { schema: { params: dateIdParamsSchema, response: { 200: scheduledMessageListSchema } } }, async (request) =>
    scheduledMessagesOf(db, request.params.id),
  );

  routes.post(
    `${DATE}/scheduled-messages`,
    { schema: { params: dateIdParamsSchema, body: scheduledMessageInputSchema, response: { 201: scheduledMessageListSchema } } },
    async (request, reply) => reply.status(201).send(await addScheduledMessage(db, await requireAdmin(request), request.params.id, request.body)),
  );

  routes.post(
    `${DATE}/scheduled-messages/apply-defaults`,
    { schema: { params: dateIdParamsSchema, response: { 200: scheduledMessageListSchema } } },
    async (request) => applyDefaultsToDate(db, await requireAdmin(request), request.params.id),
  );

  routes.put(
    `${DATE}/scheduled-messages/:messageId`,
    { schema: { params: scheduledMessageParamsSchema, body: scheduledMessageInputSchema, response: { 200: scheduledMessageListSchema } } },
    async (request) => editScheduledMessage(db, await requireAdmin(request), request.params.id, request.params.messageId, request.body),
  );

  routes.delete(
    `${DATE}/scheduled-messages/:messageId`,
    { schema: { params: scheduledMessageParamsSchema, response: { 200: scheduledMessageListSchema } } },
    async (request) => deleteScheduledMessage(db, await requireAdmin(request), request.params.id, request.params.messageId),
  );

  routes.get('/api/admin/date-message-defaults', { schema: { response: { 200: dateMessageDefaultsResponseSchema } } }, async () => getDefaultMessages(db));

  routes.put(
    '/api/admin/date-message-defaults',
    { schema: { body: dateMessageDefaultsSchema, response: { 200: dateMessageDefaultsResponseSchema } } },
    async (request) => saveDefaultMessages(db, await requireAdmin(request), request.body),
  );
}
