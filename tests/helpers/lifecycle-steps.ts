/**
 * The steps the lifecycle's example tests take as a visitor, a buyer, the provider and an admin,
 * and the invariants check after them, on one booking world (booking-world.ts). The world is read
 * through a getter because test files create it in beforeAll.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings, emailOutbox, workshopDates } from '../../src/server/db/schema';
import { lifecycleViolations, newMemory, type BookingWorld } from './booking-world';
import { createDiscountCode, createWorkshopDate } from './factories';
import { setReservationShare } from './reservations';

export type Person = { firstName: string; lastName: string; email: string; company: string };

export function lifecycleSteps(world: () => BookingWorld, { lastName, emailDomain }: { lastName: string; emailDomain: string }) {
  const memory = newMemory();
  /** The dates and codes the invariants are checked over: those this file made. */
  const scope = { dateIds: [] as number[], codeIds: [] as number[] };
  let people = 0;

  const person = (name = 'Ada'): Person => ({ firstName: name, lastName, email: `${name.toLowerCase()}.${++people}@${emailDomain}`, company: '' });

  async function date(overrides: Parameters<typeof createWorkshopDate>[1] = {}) {
    const row = await createWorkshopDate(world().db, { requiresImmediatePayment: false, seatsTotal: 5, ...overrides });
    scope.dateIds.push(row.id);
    return row;
  }
  async function code(overrides: Parameters<typeof createDiscountCode>[1] = {}) {
    const row = await createDiscountCode(world().db, overrides);
    scope.codeIds.push(row.id);
    return row;
  }

  const post = (url: string, payload: object) => world().send({ method: 'POST', url, payload });
  const seatsTaken = async (id: number) => (await world().db.select().from(workshopDates).where(eq(workshopDates.id, id)))[0]!.seatsTaken;
  const booking = async (id: number) => (await world().db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const mailTo = (email: string, kind: string) => world().db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, kind)));

  /** Reserve now, pay later: the answer as it came (a short hold until the address is confirmed). */
  const reserve = (dateId: number, who: Person, discountCode = '') => post('/api/bookings/reserve', { workshopDateId: dateId, ...who, discountCode, subscribedToNewsletter: true });
  /** The visitor opens the link e-mailed to confirm their reservation's address: the answer as it came. */
  const confirm = (bookingId: number) => post(`/api/bookings/${bookingId}/confirm-reservation`, { token: world().confirmToken(bookingId) });
  /** A reservation that must succeed, its address confirmed (it holds its seat for the reservation hours): its booking id. */
  async function reserved(dateId: number, who: Person, discountCode = '') {
    const response = await reserve(dateId, who, discountCode);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as number;
    const confirmed = await confirm(id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return id;
  }
  /** Pay now: the checkout opens a payment and holds a seat. */
  async function openPayment(dateId: number, who: Person, discountCode = '') {
    const response = await post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: who, discountCode });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { paymentIntentId: string; alreadyBooked: boolean };
  }
  /** A reservation's pay link opens its payment: the answer as it came. */
  const openPayLink = (bookingId: number, who: Person, dateId: number) =>
    post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: who, bookingId, payToken: world().payToken(bookingId) });
  /** A pay link that must open a payment: its id. */
  async function payLinkIntent(bookingId: number, who: Person, dateId: number) {
    const response = await openPayLink(bookingId, who, dateId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().paymentIntentId as string;
  }
  /** The admin puts a date on or off sale. */
  const setActive = (dateId: number, isActive: boolean) =>
    world().send({ method: 'PUT', url: `/api/admin/workshop-dates/${dateId}`, payload: { isActive }, admin: true });
  /** The browser comes back from the card form. */
  async function complete(dateId: number, who: Person, intentId: string) {
    memory.reported.add(intentId);
    return post('/api/bookings', { workshopDateId: dateId, ...who, stripePaymentId: intentId, isPaid: true });
  }
  async function expectInvariants() {
    expect(await lifecycleViolations(world(), scope, memory)).toEqual([]);
  }

  /** How much of a date unpaid reservations may hold, in percent (payment settings). */
  const reservationShare = (percent: number) => setReservationShare(world().db, percent);

  return { memory, scope, person, date, code, post, seatsTaken, booking, mailTo, reserve, confirm, reserved, reservationShare, openPayment, openPayLink, payLinkIntent, setActive, complete, expectInvariants };
}
