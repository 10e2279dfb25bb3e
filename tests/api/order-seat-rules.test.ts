import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeesFor, insertOrder, insertSeats, loadOrder, type OrderRequest, type WorkshopDateRow } from '../../src/features/booking/server/orders';
import { priceSeat } from '../../src/features/booking/server/pricing';
import { endHold, releaseExpiredHolds, tryTakeSeats } from '../../src/features/booking/server/seats';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import { discountCodes, orders, waitlistEntries, workshopDates } from '../../src/server/db/schema';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-database';

/*
 * The order and seat rules each stated on its own, at the level of orders.ts and seats.ts: the
 * rules the lifecycle model and the order suites only reach in passing (decision 009, "The order
 * and seat money files", names them as the survivors of their mutation run).
 */

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

const person = (name: string) => ({ firstName: name, lastName: 'Rules', email: `${name.toLowerCase()}@rules.example` });
const lead = { ...buyer('rules-lead'), subscribedToNewsletter: false };

function request(date: WorkshopDateRow, seats: number, attendees = [] as ReturnType<typeof person>[], discount: { id: number; code: string } | null = null): OrderRequest {
  return { date, buyer: lead, seats, attendees, price: priceSeat(date.priceCents, discount ? 10 : 0), discount };
}

const seatsTakenOn = async (dateId: number) => (await db.select({ taken: workshopDates.seatsTaken }).from(workshopDates).where(eq(workshopDates.id, dateId)))[0]!.taken;
const usesOf = async (codeId: number) => (await db.select({ uses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.id, codeId)))[0]!.uses;

/** A pending checkout of `seats` seats holding them (and `codeId`'s uses) until `holdExpiresAt`. */
async function heldCheckout(date: WorkshopDateRow, seats: number, code: { id: number; code: string } | null, holdExpiresAt: Date, checkoutKey: string | null = null) {
  return db.transaction(async (tx) => {
    const order = await insertOrder(tx, request(date, seats, [], code), { status: 'pending', paymentMode: 'pay_now', holdExpiresAt, checkoutKey });
    expect(await tryTakeSeats(tx, date.id, seats)).toBe(true);
    if (code) await tx.update(discountCodes).set({ currentUses: seats }).where(eq(discountCodes.id, code.id));
    return order!;
  });
}

describe(`the names on an order's seats (${testDatabaseKind})`, () => {
  it('one seat with a colleague named goes to the colleague, not the buyer', () => {
    expect(attendeesFor({ buyer: lead, seats: 1, attendees: [person('Colleague')] })).toEqual([person('Colleague')]);
  });

  it('one seat with nobody named is the buyer’s; two with nobody named are both left to claim', () => {
    expect(attendeesFor({ buyer: lead, seats: 1, attendees: [] })).toEqual([{ firstName: lead.firstName, lastName: lead.lastName, email: lead.email }]);
    expect(attendeesFor({ buyer: lead, seats: 2, attendees: [] })).toEqual([]);
  });

  it('the named person sits on the seat, and the seat says it is named', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 5 });
    const seats = await db.transaction(async (tx) => {
      const order = await insertOrder(tx, request(date, 1, [person('Colleague')]), { status: 'placed', paymentMode: 'pay_now' });
      return insertSeats(tx, order!, { status: 'confirmed', isPaid: false });
    });
    expect(seats.map(({ email, named }) => ({ email, named }))).toEqual([{ email: person('Colleague').email, named: true }]);
  });
});

describe(`loading and writing orders (${testDatabaseKind})`, () => {
  it('an order id that does not exist loads as nothing', async () => {
    expect(await loadOrder(db, 999_999)).toBeUndefined();
  });

  it('a second checkout with the key of a pending one writes nothing and answers nothing', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 5 });
    const first = await heldCheckout(date, 1, null, new Date(Date.now() + 15 * 60_000), 'rules-key-1');
    const second = await db.transaction((tx) => insertOrder(tx, request(date, 1), { status: 'pending', paymentMode: 'pay_now', holdExpiresAt: new Date(Date.now() + 15 * 60_000), checkoutKey: 'rules-key-1' }));
    expect(second).toBeUndefined();
    expect((await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, 'rules-key-1'))).map((row) => row.id)).toEqual([first.id]);
  });
});

describe(`holds that end (${testDatabaseKind})`, () => {
  it('ending a pending hold gives its seats and code uses back once; ending it again gives nothing', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 5 });
    const code = await createDiscountCode(db, { maxUses: 5 });
    const order = await heldCheckout(date, 3, code, new Date(Date.now() + 15 * 60_000));
    expect([await seatsTakenOn(date.id), await usesOf(code.id)]).toEqual([3, 3]);

    expect(await db.transaction((tx) => endHold(tx, order, 'void'))).toBe(true);
    expect([await seatsTakenOn(date.id), await usesOf(code.id)]).toEqual([0, 0]);

    // The same order again, as a second refund of its payment would end it: already void.
    const [ended] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(ended!.status).toBe('void');
    expect(await db.transaction((tx) => endHold(tx, ended!, 'lapsed'))).toBe(false);
    expect([await seatsTakenOn(date.id), await usesOf(code.id)]).toEqual([0, 0]);
  });

  it('the sweep lapses a checkout whose hold ran out and gives back its seats and its code uses', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 5 });
    const code = await createDiscountCode(db, { maxUses: 2 });
    const order = await heldCheckout(date, 2, code, new Date(Date.now() - 60_000));
    expect(await releaseExpiredHolds(db)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('lapsed');
    expect([await seatsTakenOn(date.id), await usesOf(code.id)]).toEqual([0, 0]);
  });
});

describe(`free seats the waiting list holds (${testDatabaseKind})`, () => {
  it('an organiser may take them, a public checkout may not', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 3 });
    await db.insert(waitlistEntries).values({ workshopDateId: date.id, ...person('Waiting'), seats: 1, status: 'waiting' });
    expect(await db.transaction((tx) => tryTakeSeats(tx, date.id, 1))).toBe(false);
    expect(await seatsTakenOn(date.id)).toBe(0);
    expect(await db.transaction((tx) => tryTakeSeats(tx, date.id, 1, 'organiser'))).toBe(true);
    expect(await seatsTakenOn(date.id)).toBe(1);
  });
});
