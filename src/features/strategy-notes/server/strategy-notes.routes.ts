import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  deleteStrategyNoteResponseSchema,
  strategyNoteIdParamsSchema,
  strategyNoteInputSchema,
  strategyNoteListSchema,
  strategyNoteSchema,
  strategyNoteUpdateSchema,
} from '../strategy-notes.schema';
import { createStrategyNote, deleteStrategyNote, listStrategyNotes, updateStrategyNote } from './strategy-notes.service';

/** Strategy notes (spec §7); admin only, guarded by the auth plugin (CONTRACT §2). */
export async function strategyNoteRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/strategy-notes', { schema: { response: { 200: strategyNoteListSchema } } }, () => listStrategyNotes(db));

  routes.post(
    '/api/strategy-notes',
    { schema: { body: strategyNoteInputSchema, response: { 201: strategyNoteSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await createStrategyNote(db, admin.email, request.body));
    },
  );

  routes.put(
    '/api/strategy-notes/:id',
    { schema: { params: strategyNoteIdParamsSchema, body: strategyNoteUpdateSchema, response: { 200: strategyNoteSchema } } },
    async (request) => updateStrategyNote(db, (await requireAdmin(request)).email, request.params.id, request.body),
  );

  routes.delete(
    '/api/strategy-notes/:id',
    { schema: { params: strategyNoteIdParamsSchema, response: { 200: deleteStrategyNoteResponseSchema } } },
    async (request) => {
      await deleteStrategyNote(db, (await requireAdmin(request)).email, request.params.id);
      return { success: true as const, id: request.params.id };
    },
  );
}
