import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  announcementApiSchemas,
  announcementIdParamsSchema,
  announcementInterestListSchema,
  htmlPreviewSchema,
  testimonialApiSchemas,
} from '../admin-content.schema';
import {
  createAnnouncement,
  createTestimonial,
  deleteAnnouncement,
  deleteTestimonial,
  listAdminAnnouncements,
  listAdminTestimonials,
  listAnnouncementInterest,
  previewHtml,
  updateAnnouncement,
  updateTestimonial,
} from './admin-content.service';

/**
 * Testimonials and announcements; admin paths, guarded by the auth plugin. Every
 * write drops the public reads that show it, so the landing page shows the change at once.
 */
export async function adminContentRoutes(app: FastifyInstance, { db, publicCache }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const testimonials = adminResourceRoutes(app, { context: db, afterWrite: () => publicCache.invalidate(PUBLIC_READS.testimonials) });
  testimonials('/api/admin/testimonials', testimonialApiSchemas, { list: listAdminTestimonials, create: createTestimonial, update: updateTestimonial, remove: deleteTestimonial });
  const announcements = adminResourceRoutes(app, { context: db, afterWrite: () => publicCache.invalidate(PUBLIC_READS.announcements) });
  announcements('/api/admin/announcements', announcementApiSchemas, { list: listAdminAnnouncements, create: createAnnouncement, update: updateAnnouncement, remove: deleteAnnouncement });

  routes.post(
    '/api/admin/announcements/preview',
    { schema: { body: htmlPreviewSchema, response: { 200: htmlPreviewSchema } } },
    async (request) => {
      await requireAdmin(request);
      return { content: previewHtml(request.body.content) };
    },
  );

  routes.get(
    '/api/admin/announcements/:id/interest',
    { schema: { params: announcementIdParamsSchema, response: { 200: announcementInterestListSchema } } },
    async (request) => listAnnouncementInterest(db, request.params.id),
  );
}
