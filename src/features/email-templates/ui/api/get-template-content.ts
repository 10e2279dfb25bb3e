import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { ApiError, apiGet } from '../../../../client/lib/api-client';
import type { EmailTemplateType } from '../../email-template-types';
import { templateContentResponseSchema, type EmailTemplate } from '../../email-templates.schema';

export const templateContentKey = (type: EmailTemplateType) => ['/api/debug/email-template-content', type] as const;

/** The saved template, or null when none is saved (a 404: the editor starts from the default). */
export async function getTemplateContent(type: EmailTemplateType): Promise<EmailTemplate | null> {
  try {
    const { template } = await apiGet(`/api/debug/email-template-content/${encodeURIComponent(type)}`, templateContentResponseSchema);
    return template;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const templateContentQueryOptions = (type: EmailTemplateType) =>
  queryOptions({ queryKey: templateContentKey(type), queryFn: () => getTemplateContent(type), ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

/** `enabled: false` when the status already says nothing is saved: no request, no 404 to log. */
export function useTemplateContent(type: EmailTemplateType, options: { enabled?: boolean } = {}) {
  return useQuery({ ...templateContentQueryOptions(type), enabled: options.enabled ?? true });
}
