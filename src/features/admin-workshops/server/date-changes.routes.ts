import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { bookingDepsFrom, type SaleWiring } from '../../booking/server';
import { workshopDateIdParamsSchema } from '../../workshops';
import { adminWorkshopDateSchema, callOffInputSchema, callOffPreviewSchema, callOffResultSchema, repeatInputSchema, repeatResultSchema, dateChangePreviewSchema, workshopDateInputSchema } from '../admin-workshops.schema';
import { previewDateChange } from './admin-workshops.service';
import { callOffDate, previewCallOff } from './call-off-date';
import { duplicateDate, repeatDateWeekly } from './copy-date';

/**
 * What happens to a date after it is on sale (docs/decisions/022-dates-that-change.md): the
 * preview of a change before it is saved, calling the date off, copying it, and a TBC date's poll.
 * Admin paths: the auth plugin answers 401/403 before the body is read.
 */
export async function dateChangeRoutes(app: FastifyInstance, deps: AppDeps, sale: SaleWiring): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = workshopDateIdParamsSchema;

  routes.post('/api/admin/workshop-dates/:id/change-preview', { schema: { params, body: workshopDateInputSchema, response: { 200: dateChangePreviewSchema } } }, async (request) => {
    await requireAdmin(request);
    return previewDateChange(deps.db, request.params.id, request.body);
  });

  routes.get('/api/admin/workshop-dates/:id/call-off', { schema: { params, response: { 200: callOffPreviewSchema } } }, (request) => previewCallOff(deps.db, request.params.id));

  routes.post('/api/admin/workshop-dates/:id/call-off', { schema: { params, body: callOffInputSchema, response: { 200: callOffResultSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    return callOffDate(bookingDepsFrom(deps, sale, deps.payments, request.log), admin, request.params.id, request.body.message);
  });

  routes.post('/api/admin/workshop-dates/:id/duplicate', { schema: { params, response: { 201: adminWorkshopDateSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    return reply.status(201).send(await duplicateDate(deps, admin, request.params.id));
  });

  routes.post('/api/admin/workshop-dates/:id/repeat', { schema: { params, body: repeatInputSchema, response: { 201: repeatResultSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    return reply.status(201).send(await repeatDateWeekly(deps, admin, request.params.id, request.body.weeks));
  });
}
