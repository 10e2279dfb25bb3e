import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import type { SaleWiring } from '../../booking/server';
import { workshopDateIdParamsSchema } from '../../workshops';
import { dateChangePreviewSchema, workshopDateInputSchema } from '../admin-workshops.schema';
import { previewDateChange } from './admin-workshops.service';

/**
 * What happens to a date after it is on sale (docs/decisions/022-dates-that-change.md): the
 * preview of a change before it is saved, calling the date off, copying it, and a TBC date's poll.
 * Admin paths: the auth plugin answers 401/403 before the body is read.
 */
export async function dateChangeRoutes(app: FastifyInstance, deps: AppDeps, _sale: SaleWiring): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = workshopDateIdParamsSchema;

  routes.post('/api/admin/workshop-dates/:id/change-preview', { schema: { params, body: workshopDateInputSchema, response: { 200: dateChangePreviewSchema } } }, async (request) => {
    await requireAdmin(request);
    return previewDateChange(deps.db, request.params.id, request.body);
  });
}
