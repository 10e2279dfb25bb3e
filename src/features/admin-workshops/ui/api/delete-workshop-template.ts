import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { deleteWorkshopTemplateResultSchema } from '../../workshop-templates.schema';
import { ADMIN_WORKSHOP_DATES_KEY } from './get-admin-workshop-dates';
import { WORKSHOP_TEMPLATES_KEY } from './get-workshop-templates';

/** DELETE /api/workshop-templates/:id: workshop dates made from it keep their data. */
export async function deleteWorkshopTemplate(id: number): Promise<void> {
  await readJson(await apiRequest('DELETE', `${WORKSHOP_TEMPLATES_KEY[0]}/${id}`), deleteWorkshopTemplateResultSchema);
}

export function useDeleteWorkshopTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkshopTemplate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKSHOP_TEMPLATES_KEY }),
        // Dates made from it now have no template.
        queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_DATES_KEY }),
      ]),
  });
}
