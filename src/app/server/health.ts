import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../server/plugins/error-handler';

/** A load balancer's probe should hear "not ready" quickly, not wait for the pool's connect timeout. */
const READY_TIMEOUT_MS = 2_000;

/** Whether the database answers `select 1` within `timeoutMs`. Never throws. */
export async function databaseAnswers(db: Database, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * CONTRACT §9, for load balancers and orchestrators: `/healthz` says the process serves (restart
 * it if not); `/readyz` says it can do its work now (send it traffic if so). A database outage makes
 * an instance not ready but still healthy: restarting it would not bring the database back.
 * Neither needs a session; both are GETs, so the CSRF guard does not apply.
 */
export function registerHealthRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  app.get('/healthz', (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (await databaseAnswers(db)) return reply.send({ status: 'ready' });
    return reply
      .status(503)
      .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' });
  });
}
