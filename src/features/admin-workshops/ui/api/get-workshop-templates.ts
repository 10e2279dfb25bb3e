import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { workshopTemplateListSchema, type WorkshopTemplate } from '../../workshop-templates.schema';

export const WORKSHOP_TEMPLATES_KEY = ['/api/workshop-templates'] as const;

export function getWorkshopTemplates(): Promise<WorkshopTemplate[]> {
  return apiGet(WORKSHOP_TEMPLATES_KEY[0], workshopTemplateListSchema);
}

/** Spec §7: templates stay fresh for 10 minutes; the Templates tab and the workshop form share this read. */
export const workshopTemplatesQueryOptions = () =>
  queryOptions({ queryKey: WORKSHOP_TEMPLATES_KEY, queryFn: getWorkshopTemplates, ...adminQueryDefaults(ADMIN_FRESH_MS.templates) });

export function useWorkshopTemplates() {
  return useQuery(workshopTemplatesQueryOptions());
}
