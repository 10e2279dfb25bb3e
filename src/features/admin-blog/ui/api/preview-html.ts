import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { htmlPreviewSchema } from '../../admin-blog.schema';

export type PreviewKind = 'blog-posts' | 'workshop-assets';

/** POST /api/admin/{blog-posts|workshop-assets}/preview: the HTML as the server would store it; writes nothing. */
export async function previewHtml({ kind, content }: { kind: PreviewKind; content: string }): Promise<string> {
  return (await readJson(await apiRequest('POST', `/api/admin/${kind}/preview`, { content }), htmlPreviewSchema)).content;
}

export function usePreviewHtml() {
  return useMutation({ mutationFn: previewHtml });
}
