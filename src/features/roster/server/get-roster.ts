import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings, orders, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { DATE_NOT_FOUND, ROSTER_STATUSES, rosterPayment, type Roster } from '../roster.schema';

/**
 * GET /api/admin/workshop-dates/{id}/roster: the date and its live seats in one query — the date
 * left-joined to its seats (bookings_workshop_date_idx finds them) and each seat's order — so a
 * date of 500 seats answers in one round trip. A date with no seats still gives its one row
 * (every seat column null); no row at all means no such date.
 */
export async function getRoster(db: Database, workshopDateId: number): Promise<Roster> {
  const rows = await db
    .select({
      date: {
        id: workshopDates.id,
        title: workshopDates.title,
        date: workshopDates.date,
        time: workshopDates.time,
        timezone: workshopDates.timezone,
        isTBC: workshopDates.isTBC,
        startsAt: workshopDates.startsAt,
        endsAt: workshopDates.endsAt,
        seatsTotal: workshopDates.seatsTotal,
        zoomLink: workshopDates.zoomLink,
      },
      seat: {
        id: bookings.id,
        orderId: bookings.orderId,
        firstName: bookings.firstName,
        lastName: bookings.lastName,
        email: bookings.email,
        company: bookings.company,
        isPaid: bookings.isPaid,
        finalPriceCents: bookings.finalPriceCents,
        status: bookings.status,
        hasAttended: bookings.hasAttended,
        joinedAt: bookings.joinedAt,
      },
      orderReference: orders.reference,
    })
    .from(workshopDates)
    .leftJoin(
      bookings,
      and(eq(bookings.workshopDateId, workshopDates.id), inArray(bookings.status, [...ROSTER_STATUSES]), isNull(bookings.deletedAt)),
    )
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(eq(workshopDates.id, workshopDateId))
    // As a register is read out: by last name, then first name; the seat number keeps ties stable.
    .orderBy(asc(sql`lower(${bookings.lastName})`), asc(sql`lower(${bookings.firstName})`), asc(bookings.id));

  const first = rows[0];
  if (!first) throw new HttpError(404, DATE_NOT_FOUND);
  const { date } = first;
  return {
    workshopDate: {
      id: date.id,
      title: date.title,
      date: date.date,
      time: date.time,
      timezone: date.timezone,
      isTBC: date.isTBC,
      startsAt: date.startsAt?.toISOString() ?? null,
      endsAt: date.endsAt?.toISOString() ?? null,
      seatsTotal: date.seatsTotal,
      hasMeetingLink: Boolean(date.zoomLink?.trim()),
    },
    attendees: rows.flatMap(({ seat, orderReference }) =>
      seat && (seat.status === 'confirmed' || seat.status === 'reserved')
        ? [
            {
              bookingId: seat.id,
              orderId: seat.orderId,
              orderReference: orderReference ?? '',
              firstName: seat.firstName,
              lastName: seat.lastName,
              email: seat.email,
              company: seat.company,
              payment: rosterPayment(seat),
              status: seat.status,
              hasAttended: seat.hasAttended,
              joinedAt: seat.joinedAt?.toISOString() ?? null,
            },
          ]
        : [],
    ),
  };
}
