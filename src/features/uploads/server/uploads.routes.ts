import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { HttpError } from '../../../server/plugins/error-handler';
import { IMAGE_TOO_LARGE, IMAGE_TYPE_REFUSED, MAX_IMAGE_BYTES, uploadedImageSchema } from '../uploads.schema';
import { readImage, storeImage } from './uploads.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * POST /api/admin/uploads (the raw image bytes as the body) and GET /uploads/{name}. In a scope of
 * their own: every body here is read as bytes, whatever Content-Type it claims, because the
 * type is decided by the bytes alone.
 */
export async function uploadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => done(null, body));
    // Fastify's own "body too large" gets this feature's words; anything else goes to the app's handler.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, IMAGE_TOO_LARGE, 'image_too_large');
      throw error;
    });

    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/admin/uploads',
      { bodyLimit: MAX_IMAGE_BYTES, schema: { response: { 201: uploadedImageSchema } } },
      async (request, reply) => {
        const admin = await requireAdmin(request);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new HttpError(400, IMAGE_TYPE_REFUSED, 'image_type_refused');
        return reply.status(201).send(await storeImage(deps.db, deps.env.DATA_DIR, admin.email, request.body));
      },
    );

    routes.get('/uploads/:name', { schema: { params: z.object({ name: z.string() }) } }, async (request, reply) => {
      const image = await readImage(deps.db, deps.env.DATA_DIR, request.params.name);
      if (!image) return reply.status(404).header('Cache-Control', 'no-store').send({ message: 'Not found' });
      return reply
        .header('Content-Type', image.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', IMMUTABLE)
        .send(image.bytes);
    });
  });
}
