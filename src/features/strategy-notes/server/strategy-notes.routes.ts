import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/deps';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { strategyNoteApiSchemas } from '../strategy-notes.schema';
import { createStrategyNote, deleteStrategyNote, listStrategyNotes, updateStrategyNote } from './strategy-notes.service';

/** Strategy notes; admin only, guarded by the auth plugin. */
export async function strategyNoteRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const resource = adminResourceRoutes(app, { context: db });
  resource('/api/strategy-notes', strategyNoteApiSchemas, { list: listStrategyNotes, create: createStrategyNote, update: updateStrategyNote, remove: deleteStrategyNote });
}
