import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../server/db/client';
import { bookings, emailOutbox, orders, payments, refundRequests } from '../../server/db/schema';

/** Label for requests no route matched: raw URLs as labels would let any visitor mint new series. */
const UNMATCHED_ROUTE = 'unmatched';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time (the digests have one length). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(sha256(match[1]!), sha256(token));
}

/** One row per (figure, status); statuses with no rows are absent and read as 0. */
type FigureRow = { figure: 'bookings' | 'payments' | 'refund_requests' | 'outbox' | 'seats_held'; status: string; n: number };

/** Read at scrape time, in one round trip, so the figures are the database's, shared by every instance. */
async function readFigures(db: Database): Promise<FigureRow[]> {
  const result = await db.execute(sql`
    select 'bookings' as figure, ${bookings.status} as status, count(*)::int as n from ${bookings} group by 2
    union all select 'payments', ${payments.status}, count(*)::int from ${payments} group by 2
    union all select 'refund_requests', ${refundRequests.status}, count(*)::int from ${refundRequests} group by 2
    union all select 'outbox', ${emailOutbox.status}, count(*)::int from ${emailOutbox} where ${emailOutbox.status} in ('pending', 'failed') group by 2
    union all select 'seats_held', 'held', coalesce(sum(${orders.seats}), 0)::int from ${orders} where ${orders.status} = 'pending'`);
  return (result as unknown as { rows: FigureRow[] }).rows;
}

/**
 * GET /metrics: Prometheus text for `Authorization: Bearer <METRICS_TOKEN>`.
 * Registered only when the token is set, so without it the path is an ordinary 404 and requests
 * pay nothing for timing. Each app has its own registry (tests build several apps in one process).
 */
export function registerMetrics(app: FastifyInstance, { db, token }: { db: Database; token: string }): void {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });

  const byStatus = (name: string, help: string, statuses: readonly string[]) => ({
    gauge: new Gauge({ name, help, labelNames: ['status'] as const, registers }),
    statuses,
  });
  const gauges: Record<Exclude<FigureRow['figure'], 'seats_held'>, ReturnType<typeof byStatus>> = {
    bookings: byStatus('workshop_bookings', 'Bookings by status', bookings.status.enumValues),
    payments: byStatus('workshop_payments', 'Payments by status', payments.status.enumValues),
    refund_requests: byStatus('workshop_refund_requests', 'Refund requests by status', refundRequests.status.enumValues),
    outbox: byStatus('workshop_outbox_emails', 'E-mails waiting in the outbox (pending) or given up on (failed)', ['pending', 'failed']),
  };
  const seatsHeld = new Gauge({ name: 'workshop_seats_held', help: 'Seats held for buyers who are paying', registers });
  const databaseUp = new Gauge({ name: 'workshop_database_up', help: '1 when the figures above could be read from the database', registers });

  const refreshFigures = async () => {
    let rows: FigureRow[];
    try {
      rows = await readFigures(db);
    } catch {
      // The process metrics still answer; the database figures are left out rather than stale.
      databaseUp.set(0);
      Object.values(gauges).forEach(({ gauge }) => gauge.reset());
      seatsHeld.reset();
      return;
    }
    databaseUp.set(1);
    for (const { gauge, statuses } of Object.values(gauges)) statuses.forEach((status) => gauge.set({ status }, 0));
    seatsHeld.set(0);
    for (const row of rows) {
      if (row.figure === 'seats_held') seatsHeld.set(row.n);
      else gauges[row.figure].gauge.set({ status: row.status }, row.n);
    }
  };

  app.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!hasToken(request, token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ message: 'A valid metrics token is required.' });
    }
    await refreshFigures();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
