import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { workshopTemplateSchema, type CreateWorkshopTemplateInput, type WorkshopTemplate } from '../../workshop-templates.schema';
import { WORKSHOP_TEMPLATES_KEY } from './get-workshop-templates';

/** POST /api/workshop-templates. */
export async function createWorkshopTemplate(input: CreateWorkshopTemplateInput): Promise<WorkshopTemplate> {
  return readJson(await apiRequest('POST', WORKSHOP_TEMPLATES_KEY[0], input), workshopTemplateSchema);
}

export function useCreateWorkshopTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkshopTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKSHOP_TEMPLATES_KEY }),
  });
}
