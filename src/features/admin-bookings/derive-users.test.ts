import { describe, expect, it } from 'vitest';
import { attendanceRate, deriveUsers, type BookingForUsers } from './derive-users';

const booking = (overrides: Partial<BookingForUsers>): BookingForUsers => ({
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Engines',
  isPaid: true,
  finalPrice: 499,
  hasAttended: false,
  status: 'confirmed',
  createdAt: '2026-01-01T10:00:00.000Z',
  workshopDate: { id: 7, date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' },
  ...overrides,
});

describe('deriveUsers', () => {
  it('groups bookings by e-mail regardless of case and counts workshops and attendance', () => {
    const users = deriveUsers([
      booking({ id: 1 }),
      booking({ id: 2, email: 'ADA@example.com ', hasAttended: true, workshopDate: { id: 8, date: 'Aug 1, 2031', time: '9:00 AM', timezone: 'EST' } }),
      booking({ id: 3, email: 'bob@example.com', firstName: 'Bob', lastName: 'Byte', company: null, isPaid: false }),
    ]);
    expect(users.map((u) => [u.email, u.workshopsBooked, u.attended])).toEqual([
      ['ada@example.com', 2, 1],
      ['bob@example.com', 1, 0],
    ]);
    expect(users[0]!.workshops.map((w) => [w.id, w.bookingId, w.attended, w.paid])).toEqual([
      [7, 1, false, true],
      [8, 2, true, true],
    ]);
    expect(users[1]!.company).toBe('');
  });

  it('counts only bookings that hold a seat, as the summary does, and still lists who only cancelled', () => {
    const users = deriveUsers([
      booking({ id: 1, hasAttended: true }),
      booking({ id: 2, status: 'reserved', isPaid: false }),
      booking({ id: 3, status: 'cancelled', hasAttended: true }),
      booking({ id: 4, status: 'refunded' }),
      booking({ id: 5, status: 'expired' }),
      booking({ id: 6, email: 'gone@example.com', status: 'cancelled' }),
    ]);
    expect(users.map((u) => [u.email, u.workshopsBooked, u.attended])).toEqual([
      ['ada@example.com', 2, 1],
      ['gone@example.com', 0, 0],
    ]);
    expect(users[0]!.workshops.map((w) => w.bookingId)).toEqual([1, 2]);
  });

  it('takes name and company from the most recent booking', () => {
    const [user] = deriveUsers([
      booking({ id: 1, firstName: 'Old', company: 'Before', createdAt: '2026-01-01T00:00:00.000Z' }),
      booking({ id: 2, firstName: 'New', company: 'After', createdAt: '2026-03-01T00:00:00.000Z' }),
      booking({ id: 3, firstName: 'Middle', company: 'Between', createdAt: '2026-02-01T00:00:00.000Z' }),
    ]);
    expect(user).toMatchObject({ name: 'New Lovelace', company: 'After' });
  });
});

describe('attendanceRate', () => {
  it('shows one decimal and survives an empty list', () => {
    expect(attendanceRate(2, 3)).toBe('66.7%');
    expect(attendanceRate(1, 1)).toBe('100.0%');
    expect(attendanceRate(0, 0)).toBe('0.0%');
  });
});
