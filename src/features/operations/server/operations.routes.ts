import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  auditLogQuerySchema,
  auditLogSchema,
  BACKUP_NOT_FOUND,
  backupInspectionSchema,
  CARD_NOT_FOUND,
  outboxIdParamsSchema,
  restoreResponseSchema,
  retryEmailResponseSchema,
  scheduledBackupListSchema,
  scheduledBackupParamsSchema,
  socialCardListSchema,
} from '../operations.schema';
import { backupFileName, createBackup, restoreBackup } from './backup.service';
import { inspectBackup } from './inspect-backup';
import { listAuditLog, retryFailedEmail } from './operations.service';
import { listScheduledBackups, scheduledBackupPath } from './scheduled-backups';
import { cachedBrandName } from '../../settings/server';
import { moveDiskUploadsIntoDatabase } from '../../uploads/server';
import { cardContentFor, listSocialCards, SocialCardCache } from './social-cards.service';

/**
 * A whole site's data fits, images included (base64 in the file: 5 MB of image is about 6.7 MB
 * of backup); the app's default limit (1 MB) does not. The file is read and parsed in memory, so
 * this also bounds the memory a restore takes (a few times the file's size).
 */
export const RESTORE_BODY_LIMIT = 256 * 1024 * 1024;

const ogParamsSchema = z.object({ key: z.string().max(220) });

/**
 * Operations: social cards, the outbox retry, backup and restore,
 * the audit log. Admin paths are guarded by the auth plugin before any body is read.
 */
export async function operationsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = deps;
  const cards = new SocialCardCache();
  const siteHost = new URL(env.PUBLIC_URL).host;

  // ---------------------------------------------------------------- social cards (public)

  routes.get('/api/og/:key.png', { schema: { params: ogParamsSchema } }, async (request, reply) => {
    const content = await cardContentFor(db, request.params.key, await cachedBrandName(db, deps.publicCache));
    if (!content) throw new HttpError(404, CARD_NOT_FOUND);
    const png = await cards.get(content, siteHost);
    return reply.type('image/png').header('Cache-Control', 'public, max-age=3600').send(png);
  });

  routes.get('/api/admin/social-cards', { schema: { response: { 200: socialCardListSchema } } }, async () => listSocialCards(db, env.PUBLIC_URL, await cachedBrandName(db, deps.publicCache)));

  // ---------------------------------------------------------------- outbox

  routes.post(
    '/api/admin/outbox/:id/retry',
    { schema: { params: outboxIdParamsSchema, response: { 200: retryEmailResponseSchema } } },
    async (request) => {
      await retryFailedEmail(db, (await requireAdmin(request)).email, request.params.id);
      deps.onEmailQueued?.();
      return { success: true as const, id: request.params.id };
    },
  );

  // ---------------------------------------------------------------- audit log

  routes.get('/api/admin/audit-log', { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogSchema } } }, (request) =>
    listAuditLog(db, request.query),
  );

  // ---------------------------------------------------------------- backup and restore

  routes.get('/api/admin/backup', async (request, reply) => {
    const admin = await requireAdmin(request);
    const now = new Date();
    // Logged first, so the file carries its own download in its audit log.
    await recordAudit(db, { actor: admin.email, action: 'backup.download', entity: 'backup' });
    const backup = await createBackup(db, { now, secret: deps.secret });
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${backupFileName(now)}"`)
      .send(JSON.stringify(backup));
  });

  routes.get('/api/admin/backups', { schema: { response: { 200: scheduledBackupListSchema } } }, () => listScheduledBackups(env.DATA_DIR));

  routes.get('/api/admin/backups/:name', { schema: { params: scheduledBackupParamsSchema } }, async (request, reply) => {
    const file = await scheduledBackupPath(env.DATA_DIR, request.params.name);
    if (!file) throw new HttpError(404, BACKUP_NOT_FOUND);
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${request.params.name}"`)
      .send(createReadStream(file));
  });

  // Its own scope: the body is read as text, so a file that is not JSON gets the restore's own
  // message instead of the generic one, and the size limit is the restore's. The check of a file
  // before a restore shares the scope, so it takes exactly the bodies the restore takes.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: RESTORE_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/backup/inspect',
      { bodyLimit: RESTORE_BODY_LIMIT, schema: { response: { 200: backupInspectionSchema } } },
      async (request) => {
        await requireAdmin(request);
        return inspectBackup(request.body);
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/restore',
      { bodyLimit: RESTORE_BODY_LIMIT, schema: { response: { 200: restoreResponseSchema } } },
      async (request) => {
        const admin = await requireAdmin(request);
        const result = await restoreBackup(db, admin.email, request.body, deps.secret);
        // Every public read may have changed.
        deps.publicCache.clear();
        // A backup from before images moved into the database names images without their bytes:
        // fill them from this instance's disk when they are there (cheap when nothing is missing).
        await moveDiskUploadsIntoDatabase(db, env.DATA_DIR, request.log).catch((error: unknown) =>
          request.log.error({ err: error }, 'moving uploaded images into the database after a restore failed'),
        );
        return result;
      },
    );
  });
}
