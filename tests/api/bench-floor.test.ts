import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { FREE_BOOKING_STEPS, floorFreeBooking, floorOrder, orderSteps, prepareFloor, statementKind, type FloorPool, type FloorQueryConfig } from '../../scripts/bench/db-floor.mjs';
import { orderAttendees, orderShape, type OrderShape } from '../../scripts/bench/stats.mjs';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import { bookings, discountCodes, emailOutbox, newsletterSubscribers, orders, rateLimitHits, workshopDates } from '../../src/server/db/schema';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, testAppSession, type TestApp } from '../helpers/test-app';

/*
 * Issue 15 point 9: `npm run bench` compares bookings and orders per second with a floor that
 * replays the statements of the same free bookings and orders straight through `pg`
 * (scripts/bench/db-floor.mjs). The floor is honest only while it sends what the app sends: this
 * test captures every statement the real app sends to the database for one free booking and for
 * free orders of 1–10 seats as the bench places them (the checkout's price request, then the
 * order), and compares them, kind by kind and in order, with the floor's lists; then it runs the
 * floor's lists once on the same database and checks they did the app's work. A change to the
 * services' statements fails here until the floor follows.
 */

/** Every statement text the database receives while `work` runs, 'begin' and 'commit' included. */
async function captureStatements(app: TestApp, work: () => Promise<void>): Promise<string[]> {
  const texts: string[] = [];
  const textOf = (query: unknown) => (typeof query === 'string' ? query : (query as { text: string }).text);
  if (app.database.kind === 'postgres') {
    // Pool queries and a transaction's queries both end in Client#query (node-postgres).
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      texts.push(textOf(args[0]));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await work();
    } finally {
      pg.Client.prototype.query = original;
    }
    return texts;
  }
  // PGlite runs a transaction's BEGIN and COMMIT itself, inside transaction().
  const client = (app.database.db as unknown as { $client: PGlite }).$client;
  const { query, transaction } = client;
  client.query = ((text: string, ...rest: unknown[]) => {
    texts.push(text);
    return (query as (...a: unknown[]) => unknown).call(client, text, ...rest);
  }) as typeof query;
  client.transaction = (async (callback: (tx: Transaction) => Promise<unknown>) => {
    texts.push('begin');
    const result = await transaction.call(client, (tx) => {
      const txQuery = tx.query;
      tx.query = ((text: string, ...rest: unknown[]) => {
        texts.push(text);
        return (txQuery as (...a: unknown[]) => unknown).call(tx, text, ...rest);
      }) as typeof txQuery;
      return callback(tx);
    });
    texts.push('commit');
    return result;
  }) as typeof transaction;
  try {
    await work();
  } finally {
    client.query = query;
    client.transaction = transaction;
  }
  return texts;
}

/** The floor's pool on this test's database: its own pg.Pool, or PGlite behind the same two calls. */
function floorPool(app: TestApp): FloorPool {
  const client = (app.database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) return client as unknown as FloorPool;
  const pglite = client as PGlite;
  const query = async ({ text, values, rowMode }: FloorQueryConfig) => {
    const result = await pglite.query(text, values ?? [], rowMode ? { rowMode } : undefined);
    return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
  };
  return { query, connect: async () => ({ query, release: () => {} }) };
}

const headers = { ...clientHeaders, 'content-type': 'application/json' };

/**
 * What the bench's visitors do (scripts/bench/load.mjs, freeCheckout and freeOrder): price the
 * seats, then place the order with the 100 % code. Without a shape, the sustained bookings'
 * visitor: one seat, no attendees listed.
 */
async function freeOrder(app: TestApp, { dateId, code, customer, shape }: { dateId: number; code: string; customer: ReturnType<typeof buyer>; shape?: OrderShape }) {
  const order = shape ? { seats: shape.seats, attendees: orderAttendees(shape, customer) } : {};
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers,
    payload: { workshopDateId: dateId, customerInfo: customer, discountCode: code, subscribedToNewsletter: true, ...order },
  });
  expect(intent.statusCode).toBe(200);
  expect(intent.json()).toMatchObject({ isFree: true });
  const placed = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers,
    payload: { workshopDateId: dateId, ...customer, discountCode: code, paymentMode: 'pay_now', subscribedToNewsletter: true, stripePaymentId: 'free-booking', isPaid: false, finalPrice: 0, ...order },
  });
  expect(placed.statusCode, placed.body).toBe(201);
}

/** An outbox row's size: what the floor's rows are made to match. */
const rowSize = sql<number>`(length(${emailOutbox.html}) + coalesce(length(${emailOutbox.text}), 0) + coalesce(length(${emailOutbox.attachments}::text), 0) + length(${emailOutbox.sealedTokens}::text))::int`;

describe('the bench floor (scripts/bench/db-floor.mjs) replays free bookings and orders', () => {
  const session = testAppSession();

  // The bench's site has an admin (BENCH_ADMIN), so the organiser hears of every order.
  beforeAll(async () => {
    await ensureAdminUser(session.app.database.db, { email: 'bench-admin@bench.example', password: 'bench-floor-admin-password' });
  });

  it('lists the statements the app sends for one free booking, in order and of the same kinds', async () => {
    const { db } = session.app.database;
    const date = await createWorkshopDate(db, { seatsTotal: 100 });
    await createDiscountCode(db, { code: 'FLOORKINDS', discountPercent: 100 });

    const sent = await captureStatements(session.app, () => freeOrder(session.app, { dateId: date.id, code: 'FLOORKINDS', customer: buyer('floor-kinds') }));

    // When this fails, the service's statements changed: make orderSteps() send the same again.
    expect(sent.map(statementKind), 'scripts/bench/db-floor.mjs FREE_BOOKING_STEPS against what the app sent').toEqual(
      FREE_BOOKING_STEPS.map((step) => statementKind(step.text)),
    );
    // The kinds are close enough to tell these statements apart (each kind names its tables).
    expect(statementKind(sent[0]!)).toBe('insert rate_limit_hits on-conflict-update returning 4 params');
    expect(sent).toHaveLength(17);
  });

  it("lists the statements the app sends for each order of the bench's mix of 1–10 seats", async () => {
    const { db } = session.app.database;
    const date = await createWorkshopDate(db, { seatsTotal: 100 });
    await createDiscountCode(db, { code: 'FLOORORDERS', discountPercent: 100 });

    for (let n = 0; n < 10; n++) {
      const shape = orderShape(n);
      const sent = await captureStatements(session.app, () => freeOrder(session.app, { dateId: date.id, code: 'FLOORORDERS', customer: buyer(`floor-order-${n}`), shape }));
      expect(sent.map(statementKind), `orderSteps(${JSON.stringify(shape)}) against what the app sent`).toEqual(orderSteps(shape).map((step) => statementKind(step.text)));
    }
    // One statement for the whole order's seats (ten rows, 17 parameters each), one for its seven
    // e-mails (five seats named, the buyer's order confirmation, the organiser's notice; 9 each).
    const tenSeats = orderSteps(orderShape(9)).map((step) => statementKind(step.text));
    expect(tenSeats).toContain('insert bookings returning 170 params');
    expect(tenSeats).toContain('insert email_outbox returning 63 params');
  });

  it("runs on this schema and does a booking's work: the order, its booking and e-mails, the newsletter row, the seat and the code's use", async () => {
    const { db } = session.app.database;
    const date = await createWorkshopDate(db, { seatsTotal: 50 });
    const code = await createDiscountCode(db, { code: 'FLOORRUN', discountPercent: 100 });
    const pool = floorPool(session.app);

    const setup = await prepareFloor(pool, { sustainedDateId: date.id, code: 'FLOORRUN' });
    expect(setup).toMatchObject({ codeId: code.id, priceCents: date.priceCents });
    const bookingId = await floorFreeBooking(pool, setup, 7);

    const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ workshopDateId: setup.dateId, status: 'confirmed', finalPriceCents: 0, discountCodeId: code.id, email: 'floor-7@bench.example', named: true });
    const [order] = await db.select().from(orders).where(eq(orders.id, booking!.orderId));
    expect(order).toMatchObject({ seats: 1, status: 'placed', buyerEmail: 'floor-7@bench.example', workshopDateId: setup.dateId });
    const [copy] = await db.select().from(workshopDates).where(eq(workshopDates.id, setup.dateId));
    expect(copy).toMatchObject({ seatsTotal: 50, seatsTaken: 1, priceCents: date.priceCents, isActive: true });
    const [codeRow] = await db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeRow!.currentUses).toBe(1);
    const mails = await db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(or(eq(emailOutbox.to, 'floor-7@bench.example'), like(emailOutbox.html, '%floor-7@bench.example%')));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['booking-free', 'organiser-notifyNewBooking']);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'floor-7@bench.example'))).toHaveLength(1);
    // Visitor 7's address, as the bench sends it (visitorAddress(7)), counted by the seat-hold limit.
    expect(await db.select({ key: rateLimitHits.key, hits: rateLimitHits.hits }).from(rateLimitHits)).toContainEqual({ key: 'POST /api/create-payment-intent 10.0.0.8', hits: 1 });

    // A sold-out date refuses, and the refusal leaves nothing behind (the transaction rolled back).
    await db.update(workshopDates).set({ seatsTotal: 1 }).where(eq(workshopDates.id, setup.dateId));
    await expect(floorFreeBooking(pool, setup, 8)).rejects.toThrow(/sold out/);
    expect(await db.select().from(bookings).where(eq(bookings.email, 'floor-8@bench.example'))).toEqual([]);
    expect(await db.select().from(orders).where(eq(orders.buyerEmail, 'floor-8@bench.example'))).toEqual([]);
    const [after] = await db.select({ currentUses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(after!.currentUses).toBe(1);
  });

  it("runs an order of several seats and does the app's work, with e-mails the size of the app's", async () => {
    const { db } = session.app.database;
    const date = await createWorkshopDate(db, { seatsTotal: 50 });
    const code = await createDiscountCode(db, { code: 'FLOORSEATS', discountPercent: 100 });
    const shape = orderShape(9);
    expect(shape).toEqual({ seats: 10, named: 5 });

    // The app's order of that shape, for the e-mails' sizes.
    await freeOrder(session.app, { dateId: date.id, code: 'FLOORSEATS', customer: { ...buyer('sizes'), email: 'app-sizes@bench.example' }, shape });
    const [appOrder] = await db.select().from(orders).where(eq(orders.buyerEmail, 'app-sizes@bench.example'));

    const pool = floorPool(session.app);
    const setup = await prepareFloor(pool, { sustainedDateId: date.id, code: 'FLOORSEATS', seatsTotal: 1_000 });
    const { orderId, bookingIds } = await floorOrder(pool, setup, 9, shape);

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ seats: 10, status: 'placed', workshopDateId: setup.dateId, seatFinalCents: 0 });
    expect(order!.attendees).toHaveLength(5);
    const seats = await db.select().from(bookings).where(eq(bookings.orderId, orderId));
    expect(seats.map((seat) => seat.id).sort((a, b) => a - b)).toEqual(bookingIds);
    expect(seats.filter((seat) => seat.named)).toHaveLength(5);
    expect(seats.every((seat) => seat.status === 'confirmed' && seat.finalPriceCents === 0)).toBe(true);
    const [copy] = await db.select({ seatsTaken: workshopDates.seatsTaken, seatsTotal: workshopDates.seatsTotal }).from(workshopDates).where(eq(workshopDates.id, setup.dateId));
    expect(copy).toEqual({ seatsTaken: 10, seatsTotal: 1_000 });
    const [codeRow] = await db.select({ currentUses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.id, code.id));
    // The app's order took ten uses too.
    expect(codeRow!.currentUses).toBe(20);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'floor-9@bench.example'))).toHaveLength(1);

    // The same e-mails as the app's order: five seat confirmations, the order's, the organiser's.
    const sizes = async (ids: number[]) => {
      const rows = await db
        .select({ kind: emailOutbox.kind, size: rowSize })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.id, ids.length ? ids : [-1])));
      const byKind: Record<string, number[]> = {};
      for (const row of rows) (byKind[row.kind] ??= []).push(row.size);
      return byKind;
    };
    const outboxIdsFor = async (emails: string[]) =>
      (await db.select({ id: emailOutbox.id, html: emailOutbox.html, to: emailOutbox.to }).from(emailOutbox))
        .filter((row) => emails.includes(row.to) || emails.some((email) => row.to === 'bench-admin@bench.example' && row.html.includes(email)))
        .map((row) => row.id);
    const people = (email: string) => orderAttendees(shape, { firstName: 'x', lastName: 'x', email }).map((person) => person.email);
    const app = await sizes(await outboxIdsFor(people('app-sizes@bench.example')));
    const floor = await sizes(await outboxIdsFor(people('floor-9@bench.example')));
    expect(Object.fromEntries(Object.entries(floor).map(([kind, list]) => [kind, list.length]))).toEqual({ 'booking-free': 5, 'order-free': 1, 'organiser-notifyNewBooking': 1 });
    expect(Object.keys(floor).sort()).toEqual(Object.keys(app).sort());
    for (const [kind, list] of Object.entries(floor)) {
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const ratio = mean(list) / mean(app[kind]!);
      expect(ratio, `${kind}: the floor's outbox row against the app's (${mean(list)} / ${mean(app[kind]!)} characters)`).toBeGreaterThan(0.8);
      expect(ratio, `${kind}: the floor's outbox row against the app's (${mean(list)} / ${mean(app[kind]!)} characters)`).toBeLessThan(1.25);
    }
    expect(appOrder!.seats).toBe(10);
  });
});
