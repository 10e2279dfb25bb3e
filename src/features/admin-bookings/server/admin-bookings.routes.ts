import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  adminBookingListSchema,
  adminBookingSchema,
  attendanceSchema,
  bookingIdParamsSchema,
  deleteBookingResponseSchema,
  EMAIL_QUEUED,
  exportEmailsResponseSchema,
  exportEmailsSchema,
  outboxListSchema,
  sendEmailResponseSchema,
  sendEmailSchema,
} from '../admin-bookings.schema';
import { deleteBooking, exportEmails, listAdminBookings, listOutboxEntries, queueAdminEmail, setAttendance } from './admin-bookings.service';

const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).optional() });

/**
 * The Bookings and Users tabs (spec §2, §7) and the outbox list (CONTRACT §4). Guarded as admin
 * paths by the auth plugin before the body is read; requireAdmin names the admin for the audit log.
 */
export async function adminBookingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get('/api/admin/bookings', { schema: { response: { 200: adminBookingListSchema } } }, () => listAdminBookings(db));

  routes.put(
    '/api/admin/bookings/:id/attendance',
    { schema: { params: bookingIdParamsSchema, body: attendanceSchema, response: { 200: adminBookingSchema } } },
    async (request) => setAttendance(db, await requireAdmin(request), request.params.id, request.body.hasAttended),
  );

  routes.delete(
    '/api/admin/bookings/:id',
    { schema: { params: bookingIdParamsSchema, response: { 200: deleteBookingResponseSchema } } },
    async (request) => {
      await deleteBooking(db, await requireAdmin(request), request.params.id);
      // Seats changed: the public listing must not show the old count.
      deps.publicCache.clear();
      return { success: true as const };
    },
  );

  routes.post(
    '/api/admin/bookings/export-emails',
    { schema: { body: exportEmailsSchema, response: { 200: exportEmailsResponseSchema } } },
    (request) => exportEmails(db, request.body.bookingIds),
  );

  routes.post('/api/admin/send-email', { schema: { body: sendEmailSchema, response: { 200: sendEmailResponseSchema } } }, async (request) => {
    const { id } = await queueAdminEmail(db, await requireAdmin(request), request.body);
    deps.onEmailQueued?.();
    return { success: true as const, message: EMAIL_QUEUED, id };
  });

  routes.get('/api/admin/outbox', { schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } } }, (request) =>
    listOutboxEntries(db, request.query.limit),
  );
}
