import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { requireAdmin } from '../../../server/plugins/auth';
import { bookingDepsFrom, type BookingDeps, type SaleWiring } from '../../booking/server';

type BookingDepsLog = NonNullable<BookingDeps['log']>;
import {
  adminBookingListSchema,
  adminCancelBookingSchema,
  bookingActionResponseSchema,
  cancelBookingResponseSchema,
  markPaidSchema,
  moveBookingSchema,
  adminBookingSchema,
  attendanceSchema,
  bookingIdParamsSchema,
  deleteBookingQuerySchema,
  deleteBookingResponseSchema,
  EMAIL_QUEUED,
  exportEmailsResponseSchema,
  exportEmailsSchema,
  adminOrderSchema,
  adminCancelOrderSchema,
  cancelOrderResponseSchema,
  orderActionResponseSchema,
  orderIdParamsSchema,
  outboxListSchema,
  sendEmailResponseSchema,
  sendEmailSchema,
} from '../admin-bookings.schema';
import { deleteBooking, exportEmails, listAdminBookings, listOutboxEntries, queueAdminEmail, setAttendance } from './admin-bookings.service';
import { adminCancelBooking, markBookingPaid, moveBooking, resendConfirmation } from './booking-actions.service';
import { getAdminOrder } from './get-order';
import { adminCancelOrder, markOrderPaid, resendOrderConfirmation } from './order-actions.service';

const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).optional() });

/**
 * The Bookings and Users tabs, an order's details, and the outbox list (CONTRACT
 * §4). Guarded as admin paths by the auth plugin before the body is read; requireAdmin names the
 * admin for the audit log.
 */
export async function adminBookingRoutes(app: FastifyInstance, deps: AppDeps, sale: SaleWiring): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const bookingDeps = (request: { log: BookingDepsLog }) => bookingDepsFrom(deps, sale, deps.payments, request.log);
  const actionSchema = { params: bookingIdParamsSchema, response: { 200: bookingActionResponseSchema } };

  routes.get('/api/admin/bookings', { schema: { response: { 200: adminBookingListSchema } } }, () => listAdminBookings(db));

  // One order: its buyer, payment, money in and out, and every seat (an unknown id is a 404).
  routes.get('/api/admin/orders/:orderId', { schema: { params: orderIdParamsSchema, response: { 200: adminOrderSchema } } }, (request) =>
    getAdminOrder(db, request.params.orderId, deps.clock?.()),
  );

  // The order's actions, on every seat at once (an unknown id is a 404, as for reading it).
  routes.post(
    '/api/admin/orders/:orderId/cancel',
    { schema: { params: orderIdParamsSchema, body: adminCancelOrderSchema, response: { 200: cancelOrderResponseSchema } } },
    async (request) => {
      const result = await adminCancelOrder(bookingDeps(request), await requireAdmin(request), request.params.orderId, request.body);
      deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
      return result;
    },
  );

  routes.post('/api/admin/orders/:orderId/resend', { schema: { params: orderIdParamsSchema, response: { 200: orderActionResponseSchema } } }, async (request) =>
    resendOrderConfirmation(bookingDeps(request), await requireAdmin(request), request.params.orderId),
  );

  routes.post(
    '/api/admin/orders/:orderId/mark-paid',
    { schema: { params: orderIdParamsSchema, body: markPaidSchema, response: { 200: orderActionResponseSchema } } },
    async (request) => markOrderPaid(bookingDeps(request), await requireAdmin(request), request.params.orderId, request.body.note),
  );

  routes.put(
    '/api/admin/bookings/:id/attendance',
    { schema: { params: bookingIdParamsSchema, body: attendanceSchema, response: { 200: adminBookingSchema } } },
    async (request) => setAttendance(db, await requireAdmin(request), request.params.id, request.body.hasAttended),
  );

  routes.delete(
    '/api/admin/bookings/:id',
    { schema: { params: bookingIdParamsSchema, querystring: deleteBookingQuerySchema, response: { 200: deleteBookingResponseSchema } } },
    async (request) => {
      const refund = request.query.refund === undefined ? undefined : request.query.refund === 'true';
      const result = await deleteBooking(bookingDeps(request), await requireAdmin(request), request.params.id, { refund });
      // Seats changed: the public listing must not show the old count.
      deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
      return { success: true as const, refunded: result.refunded };
    },
  );

  // The booking actions: cancel and move change seats, so the public reads of dates are dropped.
  routes.post(
    '/api/admin/bookings/:id/cancel',
    { schema: { params: bookingIdParamsSchema, body: adminCancelBookingSchema, response: { 200: cancelBookingResponseSchema } } },
    async (request) => {
      const result = await adminCancelBooking(bookingDeps(request), await requireAdmin(request), request.params.id, request.body);
      deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
      return result;
    },
  );

  routes.post('/api/admin/bookings/:id/resend-confirmation', { schema: actionSchema }, async (request) =>
    resendConfirmation(bookingDeps(request), await requireAdmin(request), request.params.id),
  );

  routes.post('/api/admin/bookings/:id/move', { schema: { ...actionSchema, body: moveBookingSchema } }, async (request) => {
    const result = await moveBooking(bookingDeps(request), await requireAdmin(request), request.params.id, request.body);
    deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
    return result;
  });

  routes.post('/api/admin/bookings/:id/mark-paid', { schema: { ...actionSchema, body: markPaidSchema } }, async (request) =>
    markBookingPaid(bookingDeps(request), await requireAdmin(request), request.params.id, request.body.note),
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
