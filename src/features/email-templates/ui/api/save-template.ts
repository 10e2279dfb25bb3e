import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { saveTemplateResponseSchema, type EmailTemplate, type SaveTemplateInput } from '../../email-templates.schema';
import { EMAIL_STATUS_KEY } from './get-email-status';
import { templateContentKey } from './get-template-content';

/** POST /api/debug/create-template: creates the template of its type or replaces the saved one. */
export async function saveTemplate(input: SaveTemplateInput): Promise<EmailTemplate> {
  return (await readJson(await apiRequest('POST', '/api/debug/create-template', input), saveTemplateResponseSchema)).template;
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: async (saved) => {
      queryClient.setQueryData(templateContentKey(saved.type), saved);
      await queryClient.invalidateQueries({ queryKey: EMAIL_STATUS_KEY });
    },
  });
}
