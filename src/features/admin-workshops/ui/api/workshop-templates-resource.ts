import { ADMIN_FRESH_MS } from '../../../../client/lib/admin-queries';
import type { AdminResource } from '../../../../client/lib/admin-resource';
import { workshopTemplateSchema, type WorkshopTemplate } from '../../workshop-templates.schema';
import { ADMIN_WORKSHOP_DATES_KEY } from './workshop-dates-resource';

/**
 * Workshop templates (spec §7: fresh for 10 minutes). The Templates tab and the workshop form's
 * template choice share the read (`resourceListQuery`). Dates made from a deleted template lose it,
 * so the workshop list follows each change.
 */
export const workshopTemplatesResource: AdminResource<WorkshopTemplate> = {
  path: '/api/workshop-templates',
  names: { one: 'Workshop Template', many: 'Workshop Templates' },
  rowSchema: workshopTemplateSchema,
  freshMs: ADMIN_FRESH_MS.templates,
  alsoRefresh: [ADMIN_WORKSHOP_DATES_KEY],
};
