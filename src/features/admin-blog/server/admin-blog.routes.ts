import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { sanitizeHtml } from '../../../server/lib/sanitize-html';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  adminWorkshopAssetListSchema,
  blogPostApiSchemas,
  htmlPreviewInputSchema,
  htmlPreviewSchema,
  workshopAssetApiSchemas,
  workshopAssetReorderSchema,
} from '../admin-blog.schema';
import { createBlogPost, deleteBlogPost, listAdminBlogPosts, updateBlogPost } from './admin-blog.service';
import {
  createWorkshopAsset,
  deleteWorkshopAsset,
  listAdminWorkshopAssets,
  reorderWorkshopAssets,
  updateWorkshopAsset,
} from './workshop-assets.service';

/**
 * Blog posts and workshop assets; admin paths, guarded by the auth plugin. A post's
 * write drops the public reads of posts, so /blog and /api/blog-posts show the change at once;
 * workshop assets are shown only to participants, never from the public cache.
 */
export async function adminBlogRoutes(app: FastifyInstance, { db, publicCache }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const posts = adminResourceRoutes(app, { context: db, afterWrite: () => publicCache.invalidate(PUBLIC_READS.blogPosts) });
  posts('/api/admin/blog-posts', blogPostApiSchemas, { list: listAdminBlogPosts, create: createBlogPost, update: updateBlogPost, remove: deleteBlogPost });
  const assets = adminResourceRoutes(app, { context: db });
  assets('/api/admin/workshop-assets', workshopAssetApiSchemas, { list: listAdminWorkshopAssets, create: createWorkshopAsset, update: updateWorkshopAsset, remove: deleteWorkshopAsset });

  /** The editors' Preview: the content exactly as it would be stored and shown to visitors. Writes nothing. */
  for (const path of ['/api/admin/blog-posts/preview', '/api/admin/workshop-assets/preview']) {
    routes.post(path, { schema: { body: htmlPreviewInputSchema, response: { 200: htmlPreviewSchema } } }, (request) => ({
      content: sanitizeHtml(request.body.content),
    }));
  }

  routes.post(
    '/api/admin/workshop-assets/reorder',
    { schema: { body: workshopAssetReorderSchema, response: { 200: adminWorkshopAssetListSchema } } },
    async (request) => {
      return reorderWorkshopAssets(db, await requireAdmin(request), request.body);
    },
  );
}
