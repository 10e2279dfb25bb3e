import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { participantLinkFor } from '../../../src/features/participant/server/participant-access';
import { signToken } from '../../../src/server/lib/signed-token';
import { adminRequest, CLIENT_HEADERS } from './api';
import { E2E_BASE_URL } from './constants';

/**
 * The links e-mails carry, signed as the e2e server signs them: it keeps its APP_SECRET in its
 * DATA_DIR (playwright.config.ts sets E2E_DATA_DIR for the server and the tests alike).
 */
export function e2eSecret(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'playwright.config.ts sets E2E_DATA_DIR').toBeTruthy();
  return readFileSync(path.join(dataDir!, 'app-secret'), 'utf8').trim();
}

/** The sign-in link the access and confirmation e-mails carry, for `email`. */
export const accessLinkFor = (email: string) => participantLinkFor(e2eSecret(), E2E_BASE_URL, email);

/** A token for `purpose` (a purpose of src/features/booking/server/booking-links.ts, say), valid an hour. */
export const signedFor = (purpose: string, subject: string) => signToken(e2eSecret(), purpose, subject, 3_600_000);

/** The link e-mailed to a new reservation to confirm its address (purpose 'confirm-reservation'). */
export const reservationConfirmPath = (bookingId: number) =>
  `/booking/confirmed?booking=${bookingId}&confirm=${encodeURIComponent(signedFor('confirm-reservation', String(bookingId)))}`;

/** Opens a reservation's confirm link as its page does: the reservation then holds its seat for the reservation hours. */
export async function confirmReservation(request: APIRequestContext, bookingId: number): Promise<void> {
  const confirmed = await request.post(`/api/bookings/${bookingId}/confirm-reservation`, {
    headers: CLIENT_HEADERS,
    data: { token: signedFor('confirm-reservation', String(bookingId)) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/**
 * Browser tests reserve many seats on the demo seed's few dates, in parallel: reservations may hold
 * every seat of a date here (payment settings). How much of a date they may hold by default is the
 * API tests' subject (tests/api/reservation-abuse.test.ts).
 */
export async function letReservationsFillDates(): Promise<void> {
  const admin = await adminRequest('the reservation share');
  const saved = await admin.post('/api/admin/settings', { data: { reservationSharePercent: 100 } });
  expect(saved.status(), await saved.text()).toBe(200);
  await admin.dispose();
}
