import { holdsSeat, type BookingStatus } from '../../common/booking-status';

/**
 * The Users tab: there is no user table; a user is everyone who booked under one
 * e-mail address. Pure, so the tab and the CSV export group the same way. Workshops booked and
 * attended count the bookings that hold a seat, as the dashboard's summary does: a cancelled,
 * refunded or expired booking keeps its person listed but is no longer a workshop booked.
 */

export type BookingForUsers = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  isPaid: boolean;
  finalPrice: number | null;
  hasAttended: boolean;
  status: BookingStatus;
  createdAt: string;
  workshopDate: { id: number; date: string; time: string; timezone: string } | null;
};

export type DerivedUser = {
  email: string;
  name: string;
  company: string;
  workshops: { id: number; bookingId: number; date: string; time: string; timezone: string; attended: boolean; paid: boolean }[];
  workshopsBooked: number;
  attended: number;
};

/** Groups bookings by e-mail (case-insensitive); name and company come from the latest booking. */
export function deriveUsers(bookings: readonly BookingForUsers[]): DerivedUser[] {
  const byEmail = new Map<string, { latest: BookingForUsers; rows: BookingForUsers[] }>();
  for (const booking of bookings) {
    const key = booking.email.trim().toLowerCase();
    const entry = byEmail.get(key);
    if (!entry) byEmail.set(key, { latest: booking, rows: [booking] });
    else {
      entry.rows.push(booking);
      if (booking.createdAt > entry.latest.createdAt) entry.latest = booking;
    }
  }
  const users: DerivedUser[] = [];
  for (const [email, { latest, rows }] of byEmail) {
    const workshops = rows.filter((row) => holdsSeat(row.status)).map((row) => ({
      id: row.workshopDate?.id ?? 0,
      bookingId: row.id,
      date: row.workshopDate?.date ?? '',
      time: row.workshopDate?.time ?? '',
      timezone: row.workshopDate?.timezone ?? '',
      attended: row.hasAttended,
      paid: row.isPaid,
    }));
    users.push({
      email,
      name: `${latest.firstName} ${latest.lastName}`.trim(),
      company: latest.company ?? '',
      workshops,
      workshopsBooked: workshops.length,
      attended: workshops.filter((w) => w.attended).length,
    });
  }
  return users.sort((a, b) => a.email.localeCompare(b.email));
}

/** Attended over booked, as a percentage with one decimal: '66.7%'. */
export function attendanceRate(attended: number, booked: number): string {
  if (booked === 0) return '0.0%';
  return `${((attended / booked) * 100).toFixed(1)}%`;
}
