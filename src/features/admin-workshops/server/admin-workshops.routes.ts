import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { workshopDateIdParamsSchema } from '../../workshops';
import {
  adminWorkshopDateListSchema,
  adminWorkshopDateSchema,
  deleteWorkshopDateResultSchema,
  workshopDateInputSchema,
} from '../admin-workshops.schema';
import {
  createWorkshopTemplateSchema,
  deleteWorkshopTemplateResultSchema,
  templateIdParamsSchema,
  updateWorkshopTemplateSchema,
  workshopTemplateListSchema,
  workshopTemplateSchema,
} from '../workshop-templates.schema';
import { createWorkshopDate, deleteWorkshopDate, listAdminWorkshopDates, updateWorkshopDate } from './admin-workshops.service';
import { createWorkshopTemplate, deleteWorkshopTemplate, listWorkshopTemplates, updateWorkshopTemplate } from './workshop-templates.service';

/**
 * The Workshops and Workshop Templates tabs (spec §7). Both path families are admin paths: the
 * auth plugin answers 401/403 before a body is read; requireAdmin here names the admin for audit.
 */
export async function adminWorkshopRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get('/api/admin/workshop-dates', { schema: { response: { 200: adminWorkshopDateListSchema } } }, () => listAdminWorkshopDates(db));

  routes.post(
    '/api/admin/workshop-dates',
    { schema: { body: workshopDateInputSchema, response: { 201: adminWorkshopDateSchema } } },
    async (request, reply) => {
      const created = await createWorkshopDate(deps, await requireAdmin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  routes.put(
    '/api/admin/workshop-dates/:id',
    { schema: { params: workshopDateIdParamsSchema, body: workshopDateInputSchema, response: { 200: adminWorkshopDateSchema } } },
    async (request) => updateWorkshopDate(deps, await requireAdmin(request), request.params.id, request.body),
  );

  routes.delete(
    '/api/admin/workshop-dates/:id',
    { schema: { params: workshopDateIdParamsSchema, response: { 200: deleteWorkshopDateResultSchema } } },
    async (request) => deleteWorkshopDate(deps, await requireAdmin(request), request.params.id),
  );

  routes.get('/api/workshop-templates', { schema: { response: { 200: workshopTemplateListSchema } } }, () => listWorkshopTemplates(db));

  routes.post(
    '/api/workshop-templates',
    { schema: { body: createWorkshopTemplateSchema, response: { 201: workshopTemplateSchema } } },
    async (request, reply) => {
      const created = await createWorkshopTemplate(db, await requireAdmin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  routes.put(
    '/api/workshop-templates/:id',
    { schema: { params: templateIdParamsSchema, body: updateWorkshopTemplateSchema, response: { 200: workshopTemplateSchema } } },
    async (request) => updateWorkshopTemplate(db, await requireAdmin(request), request.params.id, request.body),
  );

  routes.delete(
    '/api/workshop-templates/:id',
    { schema: { params: templateIdParamsSchema, response: { 200: deleteWorkshopTemplateResultSchema } } },
    async (request) => {
      await deleteWorkshopTemplate(db, await requireAdmin(request), request.params.id);
      return { deleted: true as const };
    },
  );
}
