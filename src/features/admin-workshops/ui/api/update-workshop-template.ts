import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { workshopTemplateSchema, type UpdateWorkshopTemplateInput, type WorkshopTemplate } from '../../workshop-templates.schema';
import { WORKSHOP_TEMPLATES_KEY } from './get-workshop-templates';

export type UpdateWorkshopTemplateVariables = { id: number; input: UpdateWorkshopTemplateInput };

/** PUT /api/workshop-templates/:id. */
export async function updateWorkshopTemplate({ id, input }: UpdateWorkshopTemplateVariables): Promise<WorkshopTemplate> {
  return readJson(await apiRequest('PUT', `${WORKSHOP_TEMPLATES_KEY[0]}/${id}`, input), workshopTemplateSchema);
}

export function useUpdateWorkshopTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkshopTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKSHOP_TEMPLATES_KEY }),
  });
}
