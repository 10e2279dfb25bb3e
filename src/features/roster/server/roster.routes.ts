import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { attendanceInputSchema, markAllResultSchema, rosterCsvFileName, rosterParamsSchema, rosterSchema, rosterSeatParamsSchema } from '../roster.schema';
import { getRoster } from './get-roster';
import { rosterCsv } from './roster-csv';
import { setDateAttendance, setSeatAttendance } from './set-attendance';

const ROSTER = '/api/admin/workshop-dates/:id/roster';

/**
 * A date's roster and its check-in (docs/decisions/020-roster-and-join-links.md). Every path is
 * under /api/admin: the auth plugin answers 401/403 before a body is read; requireAdmin names the
 * admin for the audit log.
 */
export async function rosterRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(ROSTER, { schema: { params: rosterParamsSchema, response: { 200: rosterSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return getRoster(db, request.params.id);
  });

  routes.get(`${ROSTER}.csv`, { schema: { params: rosterParamsSchema } }, async (request, reply) => {
    const file = rosterCsv(await getRoster(db, request.params.id));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${rosterCsvFileName(request.params.id)}"`)
      .header('Cache-Control', 'no-store')
      .send(file);
  });

  routes.put(
    `${ROSTER}/:bookingId/attendance`,
    { schema: { params: rosterSeatParamsSchema, body: attendanceInputSchema, response: { 200: z.object({ bookingId: z.number(), hasAttended: z.boolean() }) } } },
    async (request) => setSeatAttendance(db, await requireAdmin(request), request.params.id, request.params.bookingId, request.body.hasAttended),
  );

  routes.post(
    `${ROSTER}/attendance`,
    { schema: { params: rosterParamsSchema, body: attendanceInputSchema, response: { 200: markAllResultSchema } } },
    async (request) => setDateAttendance(db, await requireAdmin(request), request.params.id, request.body.hasAttended),
  );
}
