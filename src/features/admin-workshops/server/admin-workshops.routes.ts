import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/deps';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { workshopDateApiSchemas } from '../admin-workshops.schema';
import { workshopTemplateApiSchemas } from '../workshop-templates.schema';
import { createWorkshopDate, deleteWorkshopDate, listAdminWorkshopDates, updateWorkshopDate } from './admin-workshops.service';
import { createWorkshopTemplate, deleteWorkshopTemplate, listWorkshopTemplates, updateWorkshopTemplate } from './workshop-templates.service';

/**
 * The Workshops and Workshop Templates tabs. Both path families are admin paths: the
 * auth plugin answers 401/403 before a body is read; requireAdmin here names the admin for audit.
 */
export async function adminWorkshopRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // A date's writes take the deps: they clear the public listing cache themselves.
  adminResourceRoutes(app, { context: deps })('/api/admin/workshop-dates', workshopDateApiSchemas, {
    list: ({ db }) => listAdminWorkshopDates(db),
    create: createWorkshopDate,
    update: updateWorkshopDate,
    remove: deleteWorkshopDate,
  });

  adminResourceRoutes(app, { context: deps.db })('/api/workshop-templates', workshopTemplateApiSchemas, {
    list: listWorkshopTemplates,
    create: createWorkshopTemplate,
    update: updateWorkshopTemplate,
    remove: async (db, admin, id) => {
      await deleteWorkshopTemplate(db, admin, id);
      return { deleted: true as const };
    },
  });
}
