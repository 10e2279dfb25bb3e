/**
 * Pay-later reservations as a visitor makes them: reserve, then open the link e-mailed to confirm
 * the address (without it a reservation holds its seat for a checkout hold's time only), and the
 * payment setting that caps the share of a date reservations may hold.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { reservationConfirmLinkFor } from '../../src/features/booking/server/booking-links';
import type { Database } from '../../src/server/db/client';
import { settings } from '../../src/server/db/schema';
import { clientHeaders, TEST_SECRET, type TestApp } from './test-app';

/** What these helpers need of an app: Fastify's inject, as TestApp has it. */
type Injecting = Pick<TestApp, 'inject'>;

/** The token of the confirm link e-mailed to reservation `bookingId`, signed at `now` as the e-mail's was. */
export function confirmTokenFor(bookingId: number, now = Date.now()): string {
  return new URL(reservationConfirmLinkFor(TEST_SECRET, 'http://localhost', bookingId, now)).searchParams.get('confirm')!;
}

/** Opens a reservation's confirm link (the confirmation page sends it to this call): the answer as it came. */
export function confirmReservation(app: Injecting, bookingId: number, now = Date.now()) {
  return app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/confirm-reservation`,
    payload: { token: confirmTokenFor(bookingId, now) },
    headers: clientHeaders,
  });
}

/** Reserves and confirms the address, as a visitor who opens the e-mail does; the reservation's booking answer. */
export async function reserveConfirmed(app: Injecting, payload: object, now = Date.now()): Promise<{ id: number }> {
  const reserved = await app.inject({ method: 'POST', url: '/api/bookings/reserve', payload, headers: clientHeaders });
  expect(reserved.statusCode, reserved.body).toBe(201);
  const confirmed = await confirmReservation(app, reserved.json().id, now);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return reserved.json() as { id: number };
}

/** Sets how much of a date unpaid reservations may hold (the payment settings' reservationSharePercent). */
export async function setReservationShare(db: Database, percent: number): Promise<void> {
  await db
    .insert(settings)
    .values({ key: 'payment', value: { reservationSharePercent: percent } })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`${settings.value} || ${JSON.stringify({ reservationSharePercent: percent })}::jsonb` } });
}
