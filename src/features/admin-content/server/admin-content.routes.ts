import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  adminAnnouncementListSchema,
  adminAnnouncementSchema,
  adminTestimonialListSchema,
  adminTestimonialSchema,
  announcementIdParamsSchema,
  announcementInputSchema,
  announcementInterestListSchema,
  announcementUpdateSchema,
  deletedSchema,
  htmlPreviewSchema,
  testimonialIdParamsSchema,
  testimonialInputSchema,
  testimonialUpdateSchema,
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
 * Testimonials and announcements (CONTRACT §6); admin paths, guarded by the auth plugin. Every
 * write clears the public read cache so the landing page shows the change at once.
 */
export async function adminContentRoutes(app: FastifyInstance, { db, publicCache }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const afterWrite = <T>(result: T): T => {
    publicCache.clear();
    return result;
  };

  // ---------------------------------------------------------------- testimonials
  routes.get('/api/admin/testimonials', { schema: { response: { 200: adminTestimonialListSchema } } }, () => listAdminTestimonials(db));

  routes.post(
    '/api/admin/testimonials',
    { schema: { body: testimonialInputSchema, response: { 201: adminTestimonialSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(afterWrite(await createTestimonial(db, admin.email, request.body)));
    },
  );

  routes.put(
    '/api/admin/testimonials/:id',
    { schema: { params: testimonialIdParamsSchema, body: testimonialUpdateSchema, response: { 200: adminTestimonialSchema } } },
    async (request) => afterWrite(await updateTestimonial(db, (await requireAdmin(request)).email, request.params.id, request.body)),
  );

  routes.delete(
    '/api/admin/testimonials/:id',
    { schema: { params: testimonialIdParamsSchema, response: { 200: deletedSchema } } },
    async (request) => {
      await deleteTestimonial(db, (await requireAdmin(request)).email, request.params.id);
      return afterWrite({ success: true as const, id: request.params.id });
    },
  );

  // ---------------------------------------------------------------- announcements
  routes.get('/api/admin/announcements', { schema: { response: { 200: adminAnnouncementListSchema } } }, () => listAdminAnnouncements(db));

  routes.post(
    '/api/admin/announcements',
    { schema: { body: announcementInputSchema, response: { 201: adminAnnouncementSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(afterWrite(await createAnnouncement(db, admin.email, request.body)));
    },
  );

  routes.post(
    '/api/admin/announcements/preview',
    { schema: { body: htmlPreviewSchema, response: { 200: htmlPreviewSchema } } },
    async (request) => {
      await requireAdmin(request);
      return { content: previewHtml(request.body.content) };
    },
  );

  routes.put(
    '/api/admin/announcements/:id',
    { schema: { params: announcementIdParamsSchema, body: announcementUpdateSchema, response: { 200: adminAnnouncementSchema } } },
    async (request) => afterWrite(await updateAnnouncement(db, (await requireAdmin(request)).email, request.params.id, request.body)),
  );

  routes.delete(
    '/api/admin/announcements/:id',
    { schema: { params: announcementIdParamsSchema, response: { 200: deletedSchema } } },
    async (request) => {
      await deleteAnnouncement(db, (await requireAdmin(request)).email, request.params.id);
      return afterWrite({ success: true as const, id: request.params.id });
    },
  );

  routes.get(
    '/api/admin/announcements/:id/interest',
    { schema: { params: announcementIdParamsSchema, response: { 200: announcementInterestListSchema } } },
    async (request) => listAnnouncementInterest(db, request.params.id),
  );
}
