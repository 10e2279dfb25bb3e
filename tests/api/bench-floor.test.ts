import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { FREE_BOOKING_STEPS, floorFreeBooking, prepareFloor, statementKind, type FloorPool, type FloorQueryConfig } from '../../scripts/bench/db-floor.mjs';
import { bookings, discountCodes, emailOutbox, newsletterSubscribers, rateLimitHits, workshopDates } from '../../src/server/db/schema';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, testAppSession, type TestApp } from '../helpers/test-app';

/*
 * Issue 15 point 9: `npm run bench` compares bookings per second with a floor that replays the
 * statements of one free booking straight through `pg` (scripts/bench/db-floor.mjs). The floor is
 * honest only while it sends what the service sends: this test captures every statement the real
 * app sends to the database for one free booking (the checkout's price request, then the booking)
 * and compares them, kind by kind and in order, with the floor's list; then it runs the floor's
 * list once on the same database and checks it did a booking's work. A change to the service's
 * statements fails here until the floor follows.
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

describe('the bench floor (scripts/bench/db-floor.mjs) replays one free booking', () => {
  const session = testAppSession();

  it('lists the statements the app sends for one free booking, in order and of the same kinds', async () => {
    const { db } = session.app.database;
    const date = await createWorkshopDate(db, { seatsTotal: 100 });
    await createDiscountCode(db, { code: 'FLOORKINDS', discountPercent: 100 });
    const customer = buyer('floor-kinds');
    const headers = { ...clientHeaders, 'content-type': 'application/json' };

    // What the bench's visitor does (scripts/bench/load.mjs, freeCheckout).
    const sent = await captureStatements(session.app, async () => {
      const intent = await session.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers,
        payload: { workshopDateId: date.id, customerInfo: customer, discountCode: 'FLOORKINDS', subscribedToNewsletter: true },
      });
      expect(intent.statusCode).toBe(200);
      expect(intent.json()).toMatchObject({ isFree: true });
      const booking = await session.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers,
        payload: { workshopDateId: date.id, ...customer, discountCode: 'FLOORKINDS', paymentMode: 'pay_now', subscribedToNewsletter: true, stripePaymentId: 'free-booking', isPaid: false, finalPrice: 0 },
      });
      expect(booking.statusCode).toBe(201);
    });

    // When this fails, the service's statements changed: make FREE_BOOKING_STEPS send the same again.
    expect(sent.map(statementKind), 'scripts/bench/db-floor.mjs FREE_BOOKING_STEPS against what the app sent').toEqual(
      FREE_BOOKING_STEPS.map((step) => statementKind(step.text)),
    );
    // The kinds are close enough to tell these statements apart (each kind names its tables).
    expect(statementKind(sent[0]!)).toBe('insert rate_limit_hits on-conflict-update returning 4 params');
    expect(sent).toHaveLength(15);
  });

  it("runs on this schema and does a booking's work: the booking, its e-mail, the newsletter row, the seat and the code's use", async () => {
    const { db } = session.app.database;
    const date = await createWorkshopDate(db, { seatsTotal: 50 });
    const code = await createDiscountCode(db, { code: 'FLOORRUN', discountPercent: 100 });
    const pool = floorPool(session.app);

    const setup = await prepareFloor(pool, { sustainedDateId: date.id, code: 'FLOORRUN' });
    expect(setup).toMatchObject({ codeId: code.id, priceCents: date.priceCents });
    const bookingId = await floorFreeBooking(pool, setup, 7);

    const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ workshopDateId: setup.dateId, status: 'confirmed', finalPriceCents: 0, discountCodeId: code.id, email: 'floor-7@bench.example' });
    const [copy] = await db.select().from(workshopDates).where(eq(workshopDates.id, setup.dateId));
    expect(copy).toMatchObject({ seatsTotal: 50, seatsTaken: 1, priceCents: date.priceCents, isActive: true });
    const [codeRow] = await db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeRow!.currentUses).toBe(1);
    const mails = await db.select({ kind: emailOutbox.kind, html: emailOutbox.html }).from(emailOutbox).where(eq(emailOutbox.to, 'floor-7@bench.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('booking-free');
    expect(mails[0]!.html.length).toBeGreaterThan(1_000);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'floor-7@bench.example'))).toHaveLength(1);
    // Visitor 7's address, as the bench sends it (visitorAddress(7)), counted by the seat-hold limit.
    expect(await db.select({ key: rateLimitHits.key, hits: rateLimitHits.hits }).from(rateLimitHits)).toContainEqual({ key: 'POST /api/create-payment-intent 10.0.0.8', hits: 1 });

    // A sold-out date refuses, and the refusal leaves nothing behind (the transaction rolled back).
    await db.update(workshopDates).set({ seatsTotal: 1 }).where(eq(workshopDates.id, setup.dateId));
    await expect(floorFreeBooking(pool, setup, 8)).rejects.toThrow(/sold out/);
    expect(await db.select().from(bookings).where(eq(bookings.email, 'floor-8@bench.example'))).toEqual([]);
    const [after] = await db.select({ currentUses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(after!.currentUses).toBe(1);
  });
});
