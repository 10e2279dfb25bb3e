import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { sanitizeHtml } from '../../../server/lib/sanitize-html';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  adminBlogPostListSchema,
  adminBlogPostSchema,
  adminWorkshopAssetListSchema,
  adminWorkshopAssetSchema,
  blogPostIdParamsSchema,
  blogPostInputSchema,
  blogPostUpdateSchema,
  deletedResponseSchema,
  htmlPreviewInputSchema,
  htmlPreviewSchema,
  workshopAssetIdParamsSchema,
  workshopAssetInputSchema,
  workshopAssetReorderSchema,
  workshopAssetUpdateSchema,
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
 * Blog posts and workshop assets (CONTRACT §6); admin paths, guarded by the auth plugin. Every
 * write clears the public read cache, so /blog and /api/blog-posts show the change at once.
 */
export async function adminBlogRoutes(app: FastifyInstance, { db, publicCache }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const written = <T>(result: T): T => {
    publicCache.clear();
    return result;
  };

  // ---------------------------------------------------------------- blog posts

  routes.get('/api/admin/blog-posts', { schema: { response: { 200: adminBlogPostListSchema } } }, () => listAdminBlogPosts(db));

  routes.post(
    '/api/admin/blog-posts',
    { schema: { body: blogPostInputSchema, response: { 201: adminBlogPostSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(written(await createBlogPost(db, admin.email, request.body)));
    },
  );

  routes.put(
    '/api/admin/blog-posts/:id',
    { schema: { params: blogPostIdParamsSchema, body: blogPostUpdateSchema, response: { 200: adminBlogPostSchema } } },
    async (request) => written(await updateBlogPost(db, (await requireAdmin(request)).email, request.params.id, request.body)),
  );

  routes.delete(
    '/api/admin/blog-posts/:id',
    { schema: { params: blogPostIdParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await deleteBlogPost(db, (await requireAdmin(request)).email, request.params.id);
      return written({ success: true as const, id: request.params.id });
    },
  );

  /** The editor's Preview: the content exactly as it would be stored and shown to visitors. Writes nothing. */
  routes.post(
    '/api/admin/blog-posts/preview',
    { schema: { body: htmlPreviewInputSchema, response: { 200: htmlPreviewSchema } } },
    (request) => ({ content: sanitizeHtml(request.body.content) }),
  );

  // ---------------------------------------------------------------- workshop assets

  routes.get('/api/admin/workshop-assets', { schema: { response: { 200: adminWorkshopAssetListSchema } } }, () => listAdminWorkshopAssets(db));

  routes.post(
    '/api/admin/workshop-assets',
    { schema: { body: workshopAssetInputSchema, response: { 201: adminWorkshopAssetSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(written(await createWorkshopAsset(db, admin.email, request.body)));
    },
  );

  routes.post(
    '/api/admin/workshop-assets/reorder',
    { schema: { body: workshopAssetReorderSchema, response: { 200: adminWorkshopAssetListSchema } } },
    async (request) => written(await reorderWorkshopAssets(db, (await requireAdmin(request)).email, request.body)),
  );

  routes.post(
    '/api/admin/workshop-assets/preview',
    { schema: { body: htmlPreviewInputSchema, response: { 200: htmlPreviewSchema } } },
    (request) => ({ content: sanitizeHtml(request.body.content) }),
  );

  routes.put(
    '/api/admin/workshop-assets/:id',
    { schema: { params: workshopAssetIdParamsSchema, body: workshopAssetUpdateSchema, response: { 200: adminWorkshopAssetSchema } } },
    async (request) => written(await updateWorkshopAsset(db, (await requireAdmin(request)).email, request.params.id, request.body)),
  );

  routes.delete(
    '/api/admin/workshop-assets/:id',
    { schema: { params: workshopAssetIdParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await deleteWorkshopAsset(db, (await requireAdmin(request)).email, request.params.id);
      return written({ success: true as const, id: request.params.id });
    },
  );
}
