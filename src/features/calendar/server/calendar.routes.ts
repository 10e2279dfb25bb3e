import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { bookingIdParamsSchema } from '../../participant';
import { requireBookingAccess } from '../../participant/server';
import { ICS_CONTENT_TYPE } from '../ics';
import { bookingCalendarFile } from './booking-calendar';

/** CONTRACT §5: the booking's event as an .ics download, for its owner (or an admin) only. */
export async function calendarRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/participant/bookings/:bookingId/calendar.ics', { schema: { params: bookingIdParamsSchema } }, async (request, reply) => {
    const { booking } = await requireBookingAccess(deps.db, request, request.params.bookingId);
    const file = await bookingCalendarFile(deps.db, booking, deps.env.PUBLIC_URL);
    return reply
      .type(ICS_CONTENT_TYPE)
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });
}
