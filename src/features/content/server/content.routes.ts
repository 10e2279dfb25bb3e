import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS, sendJsonText } from '../../../server/lib/read-cache';
import { foundOr404 } from '../../../server/lib/rows';
import { announcementInterestSchema, blogPostSchema, blogSlugParamsSchema } from '../content.schema';
import {
  getPublishedBlogPost,
  listPublicAnnouncements,
  listPublicTestimonials,
  listPublishedBlogPosts,
  registerAnnouncementInterest,
} from './content.service';

const PUBLIC_FORM_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export async function contentRoutes(app: FastifyInstance, { db, publicCache }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/testimonials', async (_request, reply) =>
    sendJsonText(reply, await publicCache.get(PUBLIC_READS.testimonials, () => listPublicTestimonials(db))),
  );

  routes.get('/api/announcements', async (_request, reply) =>
    sendJsonText(reply, await publicCache.get(PUBLIC_READS.announcements, () => listPublicAnnouncements(db))),
  );

  routes.post(
    '/api/announcements/interest',
    {
      config: { rateLimit: PUBLIC_FORM_RATE_LIMIT },
      schema: { body: announcementInterestSchema, response: { 201: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      await registerAnnouncementInterest(db, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  routes.get('/api/blog-posts', async (_request, reply) =>
    sendJsonText(reply, await publicCache.get(PUBLIC_READS.blogPosts, () => listPublishedBlogPosts(db))),
  );

  routes.get(
    '/api/blog-posts/:slug',
    { schema: { params: blogSlugParamsSchema, response: { 200: blogPostSchema } } },
    async (request) => foundOr404(await getPublishedBlogPost(db, request.params.slug), 'Post Not Found'),
  );
}
