import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { HttpError } from '../../../server/plugins/error-handler';
import { IMAGE_TOO_LARGE, IMAGE_TYPE_REFUSED, MAX_IMAGE_BYTES, uploadedImageSchema } from '../uploads.schema';
import { readImage, storeImage } from './uploads.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Every answer of GET /uploads (200, 304, 404, an error) is no document: even opened directly, or
 * if a browser took the bytes for a page, nothing runs, loads or submits, and the origin is
 * sandboxed away. Set in this route's own onRequest hook, which runs after the app's (the page
 * headers of security-headers.ts), so these replace those instead of joining them.
 */
const UPLOAD_HEADERS = { 'Content-Security-Policy': "default-src 'none'; sandbox", 'X-Content-Type-Options': 'nosniff' } as const;

/** If-None-Match names this ETag (or is `*`); weak and strong forms compare alike (RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

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
        return reply.status(201).send(await storeImage(deps.db, admin.email, request.body));
      },
    );

    // A name's bytes never change, so the name is its ETag, and a revalidation (a cache that
    // ignores `immutable`, a CDN) is answered 304 after reading only the bytes that tell the kind.
    const onRequest = (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      reply.headers(UPLOAD_HEADERS);
      done();
    };
    routes.get('/uploads/:name', { onRequest, schema: { params: z.object({ name: z.string() }) } }, async (request, reply) => {
      const etag = `"${request.params.name}"`;
      const revalidating = matchesEtag(request.headers['if-none-match'], etag);
      const image = await readImage(deps.db, deps.env.DATA_DIR, request.params.name, { withBytes: !revalidating });
      if (!image) return reply.status(404).header('Cache-Control', 'no-store').send({ message: 'Not found' });
      reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
      if (revalidating) return reply.status(304).send();
      return reply.header('Content-Type', image.contentType).send(image.bytes);
    });
  });
}
