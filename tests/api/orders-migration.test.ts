/**
 * Proves that migrations 0008_orders and 0009_orders_replace_holds turn a database as the app left
 * it before orders existed (bookings in every status, payments of every kind, seat holds) into
 * orders: each booking an order of one seat bought by its own person, each payment on its
 * booking's order, a checkout still open a pending order that keeps its hold's expiry, the other
 * checkouts lapsed or void, and seat counts and code uses untouched. Then the app's own code works
 * on the result: the hold sweep lapses the migrated holds and gives their seats back, and a payment
 * opened before the upgrade places its order. It upgrades through openDatabase, as a deploy does,
 * on the database kind of the run (TEST_DB_KIND).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMail } from '../../src/app/server/booking-mail';
import { fulfilPayment } from '../../src/features/booking/server/fulfil-payment';
import { releaseExpiredHolds } from '../../src/features/booking/server/seats';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { bookings, discountCodes, emailOutbox, orders, payments, workshopDates } from '../../src/server/db/schema';
import type { PaymentIntent, PaymentProvider } from '../../src/server/payments/payment-provider';
import { testDatabaseKind } from '../helpers/test-database';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations');
/** The last migration before orders: 0007_reservation_email_confirmation. */
const LAST_OLD_MIGRATION = 7;
const REFERENCE = /^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/;
/** The app's own alphabet (single-seat-orders.ts): none of 0/O, 1/I/L. */
const APP_REFERENCE = /^[A-HJKMNP-Z2-9]{3}-[A-HJKMNP-Z2-9]{3}$/;

const t0 = new Date();
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const days = (n: number) => minutes(n * 24 * 60);

type Row = Record<string, unknown>;
type OldDatabase = { query: (text: string, params?: unknown[]) => Promise<Row[]>; close: () => Promise<void> };
type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; serverUrl: string; name: string };

/** The migrations folder as it was before orders: the same files, a journal that ends at 0007. */
function migrationsBeforeOrders(dir: string): string {
  const folder = join(dir, 'migrations-before-orders');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= LAST_OLD_MIGRATION);
  expect(journal.entries.at(-1)?.tag).toBe('0007_reservation_email_confirmation');
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

async function createTarget(dir: string): Promise<Target> {
  if (testDatabaseKind === 'pglite') return { kind: 'pglite', dataDir: join(dir, 'data') };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `t_orders_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // Empty, not the run's migrated template: this database starts at 0007.
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString(), serverUrl, name };
}

async function dropTarget(target: Target): Promise<void> {
  if (target.kind === 'pglite') return;
  const dropper = new pg.Client({ connectionString: target.serverUrl });
  await dropper.connect();
  try {
    // The pool's sockets may still be closing: wait for them, force last (as test-database.ts does).
    for (let attempt = 0; ; attempt++) {
      try {
        await dropper.query(`drop database if exists ${target.name}`);
        return;
      } catch (error) {
        if (attempt >= 40) {
          await dropper.query(`drop database if exists ${target.name} with (force)`);
          return;
        }
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await dropper.end();
  }
}

/** The database as the app before orders kept it: migrated up to 0007 only. */
async function openOldDatabase(target: Target, migrationsFolder: string): Promise<OldDatabase> {
  if (target.kind === 'pglite') {
    // Where openDatabase({ dataDir }) keeps it, so the upgrade below opens this very database.
    const path = join(target.dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
    const client = await PGlite.create(path);
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return { query: async (text, params) => (await client.query<Row>(text, params)).rows, close: () => client.close() };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  await migratePg(drizzlePg({ client }), { migrationsFolder });
  return { query: async (text, params) => (await client.query<Row>(text, params)).rows, close: () => client.end() };
}

/** One INSERT of a row as the old schema had it (snake_case columns); answers its id. */
async function insertRow(old: OldDatabase, table: string, row: Row): Promise<number> {
  const columns = Object.keys(row);
  const values = columns.map((column) => {
    const value = row[column];
    if (value instanceof Date) return value.toISOString();
    return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  });
  const [created] = await old.query(
    `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning "id"`,
    values,
  );
  return Number(created!.id);
}

/** What a pay-now checkout wrote into payments.customer before orders existed. */
type OldCustomer = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  discountCode: string;
  subscribedToNewsletter: boolean;
  timeZone: string | null;
  originalCents: number;
  discountCents: number;
};

type OldBooking = {
  workshop_date_id: number;
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  discount_code_id: number | null;
  discount_code: string;
  original_price_cents: number;
  discount_amount_cents: number;
  final_price_cents: number;
  is_paid: boolean;
  status: 'reserved' | 'confirmed' | 'cancelled' | 'refunded' | 'expired' | 'deleted';
  payment_mode: 'pay_now' | 'pay_later';
  stripe_payment_id: string | null;
  has_attended: boolean;
  subscribed_to_newsletter: boolean;
  time_zone: string | null;
  awaiting_email_confirmation: boolean;
  reservation_expires_at: Date | null;
  reservation_reminded_at: Date | null;
  cancelled_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
};

type OldPayment = {
  provider: 'stripe' | 'demo';
  provider_payment_id: string;
  workshop_date_id: number;
  booking_id: number | null;
  amount_cents: number;
  currency: string;
  status: 'requires_payment' | 'succeeded' | 'failed' | 'canceled' | 'refunding' | 'refunded';
  customer: OldCustomer | null;
  discount_code_id: number | null;
  refund_reason: string | null;
  provider_refund_id: string | null;
  created_at: Date;
  updated_at: Date;
};

type OldHold = { workshop_date_id: number; payment_intent_id: string; expires_at: Date; status: 'held' | 'converted' | 'released'; created_at: Date };

/**
 * A site as the app before orders left it, written with raw SQL into the 0007 schema: four dates,
 * three codes, a booking in every status and a payment of every kind, each with the seat hold the
 * old checkout kept for it, and seat counts and code uses that agree with them.
 */
async function seedOldSite(old: OldDatabase) {
  const dateRow = (title: string, startsAt: Date, extra: Row = {}): Row => ({
    title,
    date: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(startsAt),
    time: '10:00 AM - 1:00 PM',
    timezone: 'UTC',
    starts_at: startsAt,
    ends_at: new Date(startsAt.getTime() + 3 * 3_600_000),
    created_at: days(-60),
    updated_at: days(-1),
    ...extra,
  });
  const dates = {
    typescript: await insertRow(old, 'workshop_dates', dateRow('TypeScript in Practice', days(14), { seats_total: 12, price_cents: 49900, is_featured: true })),
    postgres: await insertRow(old, 'workshop_dates', dateRow('PostgreSQL for App Developers', days(21), { seats_total: 8, price_cents: 79900, requires_immediate_payment: false, timezone: 'EST' })),
    testing: await insertRow(old, 'workshop_dates', dateRow('Testing That Pays Off', days(35), { seats_total: 10, price_cents: 39900, ends_next_day: true })),
    past: await insertRow(old, 'workshop_dates', dateRow('Accessible Interfaces', days(-20), { seats_total: 6, price_cents: 29900 })),
  };
  const codes = {
    earlyBird: await insertRow(old, 'discount_codes', { code: 'EARLYBIRD', description: 'Early bird, 20 % off', discount_percent: 20, max_uses: 50, created_at: days(-50) }),
    team: await insertRow(old, 'discount_codes', { code: 'TEAMFREE', description: 'Free seat for the team', discount_percent: 100, max_uses: 3, created_at: days(-40) }),
    spring: await insertRow(old, 'discount_codes', { code: 'SPRING10', description: 'Spring newsletter', discount_percent: 10, expires_at: days(30), created_at: days(-10) }),
  };

  const base = {
    company: '',
    discount_code_id: null,
    discount_code: '',
    discount_amount_cents: 0,
    is_paid: false,
    payment_mode: 'pay_now',
    stripe_payment_id: null,
    has_attended: false,
    subscribed_to_newsletter: true,
    time_zone: null,
    awaiting_email_confirmation: false,
    reservation_expires_at: null,
    reservation_reminded_at: null,
    cancelled_at: null,
    deleted_at: null,
  } as const;
  const oldBookings: Record<string, OldBooking> = {
    // Paid by card through a pay-now checkout, with a code.
    paidByCard: {
      ...base,
      workshop_date_id: dates.typescript,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@analytical.example',
      company: 'Analytical Engines Ltd',
      discount_code_id: codes.earlyBird,
      discount_code: 'EARLYBIRD',
      original_price_cents: 49900,
      discount_amount_cents: 9980,
      final_price_cents: 39920,
      is_paid: true,
      status: 'confirmed',
      stripe_payment_id: 'pi_3PaidAdaLovelace',
      time_zone: 'Europe/London',
      created_at: days(-9),
    },
    // Made free by a code: no payment at all.
    free: {
      ...base,
      workshop_date_id: dates.typescript,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.hopper@navy.example',
      company: 'US Navy',
      discount_code_id: codes.team,
      discount_code: 'TEAMFREE',
      original_price_cents: 49900,
      discount_amount_cents: 49900,
      final_price_cents: 0,
      status: 'confirmed',
      subscribed_to_newsletter: false,
      time_zone: 'America/New_York',
      created_at: days(-8),
    },
    // A reservation whose address is not confirmed yet: it holds its seat for a checkout's time.
    awaitingConfirmation: {
      ...base,
      workshop_date_id: dates.postgres,
      first_name: 'Linus',
      last_name: 'Torvalds',
      email: 'linus@kernel.example',
      original_price_cents: 79900,
      final_price_cents: 79900,
      status: 'reserved',
      payment_mode: 'pay_later',
      awaiting_email_confirmation: true,
      reservation_expires_at: minutes(12),
      created_at: minutes(-3),
    },
    // A confirmed reservation with a payment opened from its pay link, not paid yet.
    reserved: {
      ...base,
      workshop_date_id: dates.postgres,
      first_name: 'Barbara',
      last_name: 'Liskov',
      email: 'barbara.liskov@mit.example',
      company: 'MIT',
      discount_code_id: codes.spring,
      discount_code: 'SPRING10',
      original_price_cents: 79900,
      discount_amount_cents: 7990,
      final_price_cents: 71910,
      status: 'reserved',
      payment_mode: 'pay_later',
      time_zone: 'America/New_York',
      reservation_expires_at: days(1),
      reservation_reminded_at: minutes(-30),
      created_at: days(-1),
    },
    // A reservation paid later through its pay link.
    reservationPaid: {
      ...base,
      workshop_date_id: dates.postgres,
      first_name: 'Edsger',
      last_name: 'Dijkstra',
      email: 'ewd@tue.example',
      company: 'Eindhoven University of Technology',
      original_price_cents: 79900,
      final_price_cents: 79900,
      is_paid: true,
      status: 'confirmed',
      payment_mode: 'pay_later',
      stripe_payment_id: 'pi_3ReservationDijkstra',
      time_zone: 'Europe/Amsterdam',
      created_at: days(-6),
    },
    // A reservation its person cancelled; the payment its pay link had opened was cancelled.
    cancelled: {
      ...base,
      workshop_date_id: dates.postgres,
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan.turing@bletchley.example',
      original_price_cents: 79900,
      final_price_cents: 79900,
      status: 'cancelled',
      payment_mode: 'pay_later',
      time_zone: 'Europe/London',
      cancelled_at: days(-2),
      created_at: days(-5),
    },
    // A paid booking cancelled and refunded.
    refunded: {
      ...base,
      workshop_date_id: dates.typescript,
      first_name: 'Margaret',
      last_name: 'Hamilton',
      email: 'margaret@apollo.example',
      company: 'MIT Instrumentation Lab',
      original_price_cents: 49900,
      final_price_cents: 49900,
      is_paid: true,
      status: 'refunded',
      stripe_payment_id: 'pi_3RefundedHamilton',
      time_zone: 'America/Los_Angeles',
      cancelled_at: days(-3),
      created_at: days(-7),
    },
    // A reservation nobody paid in time.
    expired: {
      ...base,
      workshop_date_id: dates.postgres,
      first_name: 'Ken',
      last_name: 'Thompson',
      email: 'ken@bell-labs.example',
      company: 'Bell Labs',
      original_price_cents: 79900,
      final_price_cents: 79900,
      status: 'expired',
      payment_mode: 'pay_later',
      reservation_expires_at: days(-4),
      reservation_reminded_at: days(-5),
      created_at: days(-6),
    },
    // A paid booking the organiser deleted, refunding its payment.
    deleted: {
      ...base,
      workshop_date_id: dates.testing,
      first_name: 'Dennis',
      last_name: 'Ritchie',
      email: 'dmr@bell-labs.example',
      company: 'Bell Labs',
      original_price_cents: 39900,
      final_price_cents: 39900,
      is_paid: true,
      status: 'deleted',
      stripe_payment_id: 'pi_3DeletedRitchie',
      deleted_at: days(-1),
      created_at: days(-4),
    },
    // Attended a past workshop; its payment row is tied to it only by the payment id.
    attended: {
      ...base,
      workshop_date_id: dates.past,
      first_name: 'Frances',
      last_name: 'Allen',
      email: 'fran.allen@ibm.example',
      company: 'IBM Research',
      original_price_cents: 29900,
      final_price_cents: 29900,
      is_paid: true,
      status: 'confirmed',
      stripe_payment_id: 'pi_3AttendedAllen',
      has_attended: true,
      time_zone: 'America/New_York',
      created_at: days(-45),
    },
  };
  const bookingIds: Record<string, number> = {};
  for (const [label, booking] of Object.entries(oldBookings)) bookingIds[label] = await insertRow(old, 'bookings', booking);
  await insertRow(old, 'refund_requests', { booking_id: bookingIds.refunded, reason: 'Cannot attend after all', status: 'APPROVED', amount_cents: 49900, requested_at: days(-3), processed_at: days(-3) });
  await insertRow(old, 'participant_profiles', { booking_id: bookingIds.paidByCard, bio: 'Poet of mathematics', preferences: 'Vegetarian lunch' });

  const customer = (who: Partial<OldCustomer> & Pick<OldCustomer, 'firstName' | 'lastName' | 'email' | 'originalCents'>): OldCustomer => ({
    company: '',
    discountCode: '',
    subscribedToNewsletter: true,
    timeZone: null,
    discountCents: 0,
    ...who,
  });
  const payment = (row: Partial<OldPayment> & Pick<OldPayment, 'provider_payment_id' | 'workshop_date_id' | 'amount_cents' | 'status' | 'created_at'>): OldPayment => ({
    provider: 'stripe',
    booking_id: null,
    currency: 'usd',
    customer: null,
    discount_code_id: null,
    refund_reason: null,
    provider_refund_id: null,
    updated_at: row.created_at,
    ...row,
  });
  const oldPayments: Record<string, OldPayment> = {
    // A pay-now checkout that paid its booking: the customer as the checkout wrote it.
    paidByCard: payment({
      provider_payment_id: 'pi_3PaidAdaLovelace',
      workshop_date_id: dates.typescript,
      booking_id: bookingIds.paidByCard!,
      amount_cents: 39920,
      status: 'succeeded',
      discount_code_id: codes.earlyBird,
      customer: customer({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@analytical.example',
        company: 'Analytical Engines Ltd',
        discountCode: 'earlybird',
        timeZone: 'Europe/London',
        originalCents: 49900,
        discountCents: 9980,
      }),
      created_at: days(-9),
    }),
    // A reservation's payment: it names its booking and has no customer.
    reservationPaid: payment({
      provider_payment_id: 'pi_3ReservationDijkstra',
      workshop_date_id: dates.postgres,
      booking_id: bookingIds.reservationPaid!,
      amount_cents: 79900,
      status: 'succeeded',
      created_at: days(-5),
    }),
    // A reservation's payment opened from its pay link, not paid yet.
    reservationOpen: payment({
      provider_payment_id: 'pi_3ReservationLiskov',
      workshop_date_id: dates.postgres,
      booking_id: bookingIds.reserved!,
      amount_cents: 71910,
      status: 'requires_payment',
      discount_code_id: codes.spring,
      created_at: minutes(-50),
    }),
    // The payment of a reservation that was cancelled: cancelled with the provider.
    reservationCancelled: payment({
      provider_payment_id: 'pi_3CancelledTuring',
      workshop_date_id: dates.postgres,
      booking_id: bookingIds.cancelled!,
      amount_cents: 79900,
      status: 'canceled',
      created_at: days(-3),
      updated_at: days(-2),
    }),
    // The payment of the booking that was refunded.
    bookingRefunded: payment({
      provider_payment_id: 'pi_3RefundedHamilton',
      workshop_date_id: dates.typescript,
      booking_id: bookingIds.refunded!,
      amount_cents: 49900,
      status: 'refunded',
      customer: customer({ firstName: 'Margaret', lastName: 'Hamilton', email: 'margaret@apollo.example', company: 'MIT Instrumentation Lab', timeZone: 'America/Los_Angeles', originalCents: 49900 }),
      provider_refund_id: 're_3RefundedHamilton',
      created_at: days(-7),
      updated_at: days(-3),
    }),
    // The payment of the booking the organiser deleted, refunded.
    bookingDeleted: payment({
      provider_payment_id: 'pi_3DeletedRitchie',
      workshop_date_id: dates.testing,
      booking_id: bookingIds.deleted!,
      amount_cents: 39900,
      status: 'refunded',
      refund_reason: 'admin_deleted',
      provider_refund_id: 're_3DeletedRitchie',
      customer: customer({ firstName: 'Dennis', lastName: 'Ritchie', email: 'dmr@bell-labs.example', company: 'Bell Labs', originalCents: 39900 }),
      created_at: days(-4),
      updated_at: days(-1),
    }),
    // A payment that lost its booking_id but still shares its booking's payment id.
    attended: payment({
      provider_payment_id: 'pi_3AttendedAllen',
      workshop_date_id: dates.past,
      amount_cents: 29900,
      status: 'succeeded',
      customer: customer({ firstName: 'Frances', lastName: 'Allen', email: 'fran.allen@ibm.example', company: 'IBM Research', timeZone: 'America/New_York', originalCents: 29900 }),
      created_at: days(-45),
    }),
    // A pay-now checkout still open at the upgrade, its seat held for ten more minutes.
    openCheckout: payment({
      provider_payment_id: 'pi_3OpenJohnson',
      workshop_date_id: dates.typescript,
      amount_cents: 39920,
      status: 'requires_payment',
      discount_code_id: codes.earlyBird,
      customer: customer({
        firstName: 'Katherine',
        lastName: 'Johnson',
        email: 'katherine.johnson@nasa.example',
        company: 'NASA Langley',
        discountCode: ' earlybird ',
        subscribedToNewsletter: false,
        timeZone: 'America/Chicago',
        originalCents: 49900,
        discountCents: 9980,
      }),
      created_at: minutes(-5),
    }),
    // Another open one, with a code, whose hold runs out in five minutes.
    openCheckoutShort: payment({
      provider_payment_id: 'pi_3OpenHoare',
      workshop_date_id: dates.postgres,
      amount_cents: 71910,
      status: 'requires_payment',
      discount_code_id: codes.spring,
      customer: customer({
        firstName: 'Tony',
        lastName: 'Hoare',
        email: 'tony.hoare@oxford.example',
        company: 'Oxford',
        discountCode: 'SPRING10',
        timeZone: 'Europe/London',
        originalCents: 79900,
        discountCents: 7990,
      }),
      created_at: minutes(-10),
    }),
    // Held, but its hold ran out two minutes before the upgrade and no sweep had given it back yet.
    staleCheckout: payment({
      provider_payment_id: 'pi_3StaleBackus',
      workshop_date_id: dates.testing,
      amount_cents: 39900,
      status: 'requires_payment',
      customer: customer({ firstName: 'John', lastName: 'Backus', email: 'backus@ibm.example', originalCents: 39900 }),
      created_at: minutes(-17),
    }),
    // A checkout abandoned: its hold ran out and was given back.
    abandonedCheckout: payment({
      provider_payment_id: 'pi_3AbandonedKnuth',
      workshop_date_id: dates.typescript,
      amount_cents: 49900,
      status: 'requires_payment',
      customer: customer({ firstName: 'Donald', lastName: 'Knuth', email: 'knuth@stanford.example', company: 'Stanford', timeZone: 'America/Los_Angeles', originalCents: 49900 }),
      created_at: days(-2),
    }),
    // Paid after the last seat was gone: refunded instead of booked.
    refundedCheckout: payment({
      provider_payment_id: 'pi_3SoldOutKay',
      workshop_date_id: dates.typescript,
      amount_cents: 49900,
      status: 'refunded',
      refund_reason: 'sold_out',
      provider_refund_id: 're_3SoldOutKay',
      customer: customer({ firstName: 'Alan', lastName: 'Kay', email: 'alan.kay@parc.example', company: 'Xerox PARC', originalCents: 49900 }),
      created_at: days(-3),
      updated_at: days(-3),
    }),
    // Paid for a different amount: its refund is decided, not sent yet.
    refundingCheckout: payment({
      provider_payment_id: 'pi_3MismatchGoldberg',
      workshop_date_id: dates.postgres,
      amount_cents: 79900,
      status: 'refunding',
      refund_reason: 'mismatch',
      customer: customer({ firstName: 'Adele', lastName: 'Goldberg', email: 'adele@parc.example', originalCents: 79900 }),
      created_at: minutes(-40),
      updated_at: minutes(-20),
    }),
  };
  const paymentIds: Record<string, number> = {};
  for (const [label, row] of Object.entries(oldPayments)) paymentIds[label] = await insertRow(old, 'payments', row);

  const holds: Record<string, OldHold> = {
    paidByCard: { workshop_date_id: dates.typescript, payment_intent_id: 'pi_3PaidAdaLovelace', expires_at: days(-9), status: 'converted', created_at: days(-9) },
    openCheckout: { workshop_date_id: dates.typescript, payment_intent_id: 'pi_3OpenJohnson', expires_at: minutes(10), status: 'held', created_at: minutes(-5) },
    openCheckoutShort: { workshop_date_id: dates.postgres, payment_intent_id: 'pi_3OpenHoare', expires_at: minutes(5), status: 'held', created_at: minutes(-10) },
    staleCheckout: { workshop_date_id: dates.testing, payment_intent_id: 'pi_3StaleBackus', expires_at: minutes(-2), status: 'held', created_at: minutes(-17) },
    abandonedCheckout: { workshop_date_id: dates.typescript, payment_intent_id: 'pi_3AbandonedKnuth', expires_at: days(-2), status: 'released', created_at: days(-2) },
    refundedCheckout: { workshop_date_id: dates.typescript, payment_intent_id: 'pi_3SoldOutKay', expires_at: days(-3), status: 'released', created_at: days(-3) },
    refundingCheckout: { workshop_date_id: dates.postgres, payment_intent_id: 'pi_3MismatchGoldberg', expires_at: minutes(-25), status: 'released', created_at: minutes(-40) },
  };
  for (const hold of Object.values(holds)) await insertRow(old, 'seat_holds', hold);

  // Seats held: reserved and confirmed bookings, and held checkouts; a code's uses likewise.
  const seatsTaken = { [dates.typescript]: 3, [dates.postgres]: 4, [dates.testing]: 1, [dates.past]: 1 };
  for (const [id, taken] of Object.entries(seatsTaken)) await old.query('update workshop_dates set seats_taken = $1 where id = $2', [taken, Number(id)]);
  const codeUses = { [codes.earlyBird]: 2, [codes.team]: 1, [codes.spring]: 2 };
  for (const [id, uses] of Object.entries(codeUses)) await old.query('update discount_codes set current_uses = $1 where id = $2', [uses, Number(id)]);

  return { dates, codes, oldBookings, bookingIds, oldPayments, paymentIds, holds, seatsTaken, codeUses };
}

let dir = '';
let target: Target | undefined;
let database: DatabaseHandle | undefined;
let site: Awaited<ReturnType<typeof seedOldSite>>;
let oldTables: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'orders-migration-'));
  target = await createTarget(dir);
  const old = await openOldDatabase(target, migrationsBeforeOrders(dir));
  try {
    site = await seedOldSite(old);
    oldTables = (await old.query(`select table_name from information_schema.tables where table_schema = 'public' order by 1`)).map((row) => String(row.table_name));
  } finally {
    await old.close();
  }
  // The deploy: the app starts on the old database and applies every migration it ships.
  database = await openDatabase(target.kind === 'pglite' ? { dataDir: target.dataDir } : { databaseUrl: target.url });
}, 60_000);

afterAll(async () => {
  await database?.close();
  if (target) await dropTarget(target);
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const db = () => database!.db;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)) as unknown as { rows: T[] };
const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentNamed = async (label: string) => (await db().select().from(payments).where(eq(payments.id, site.paymentIds[label]!)))[0]!;
const seatsTakenOn = async (id: number) => (await db().select({ seatsTaken: workshopDates.seatsTaken }).from(workshopDates).where(eq(workshopDates.id, id)))[0]!.seatsTaken;
const usesOf = async (id: number) => (await db().select({ currentUses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.id, id)))[0]!.currentUses;

describe('upgrading a database from before orders', () => {
  it('started from the 0007 schema, with seat holds and payments that name their booking and customer', () => {
    expect(oldTables).toContain('seat_holds');
    expect(oldTables).not.toContain('orders');
  });

  it('applies every migration the app ships', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await rowsOf<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
  });

  it('keeps every booking and every payment', async () => {
    expect((await db().select({ id: bookings.id }).from(bookings)).map((row) => row.id).sort((a, b) => a - b)).toEqual(Object.values(site.bookingIds).sort((a, b) => a - b));
    expect((await db().select({ id: payments.id }).from(payments)).map((row) => row.id).sort((a, b) => a - b)).toEqual(Object.values(site.paymentIds).sort((a, b) => a - b));
  });

  it('makes each booking an order of one seat, bought by its own person, placed, at its prices', async () => {
    const migrated = await db().select().from(bookings);
    expect(new Set(migrated.map((booking) => booking.orderId)).size).toBe(migrated.length);
    for (const [label, before] of Object.entries(site.oldBookings)) {
      const booking = migrated.find((row) => row.id === site.bookingIds[label])!;
      // The booking itself is as it was, and names its seat.
      expect(booking, label).toMatchObject({
        workshopDateId: before.workshop_date_id,
        firstName: before.first_name,
        lastName: before.last_name,
        email: before.email,
        status: before.status,
        isPaid: before.is_paid,
        stripePaymentId: before.stripe_payment_id,
        finalPriceCents: before.final_price_cents,
        named: true,
      });
      const order = await orderOf(booking.orderId);
      expect(order, label).toEqual({
        id: booking.orderId,
        reference: expect.stringMatching(REFERENCE),
        workshopDateId: before.workshop_date_id,
        buyerFirstName: before.first_name,
        buyerLastName: before.last_name,
        buyerEmail: before.email,
        company: before.company,
        seats: 1,
        attendees: [{ firstName: before.first_name, lastName: before.last_name, email: before.email }],
        discountCodeId: before.discount_code_id,
        discountCode: before.discount_code,
        seatOriginalCents: before.original_price_cents,
        seatDiscountCents: before.discount_amount_cents,
        seatFinalCents: before.final_price_cents,
        paymentMode: before.payment_mode,
        status: 'placed',
        holdExpiresAt: null,
        checkoutKey: null,
        subscribedToNewsletter: before.subscribed_to_newsletter,
        timeZone: before.time_zone,
        createdAt: before.created_at,
      });
    }
  });

  it('gives every order a reference of the app’s form, all different', async () => {
    const references = (await db().select({ reference: orders.reference }).from(orders)).map((row) => row.reference);
    const withoutBooking = Object.values(site.oldPayments).filter((payment) => payment.booking_id === null && payment.provider_payment_id !== site.oldBookings.attended!.stripe_payment_id);
    expect(references).toHaveLength(Object.keys(site.oldBookings).length + withoutBooking.length);
    for (const reference of references) {
      expect(reference).toMatch(REFERENCE);
      // Read out on the phone and typed from an invoice: no letter that passes for a digit.
      expect(reference).toMatch(APP_REFERENCE);
    }
    expect(new Set(references).size).toBe(references.length);
  });

  it("puts each payment that had a booking on its booking's order, and leaves the payment as it was", async () => {
    const migrated = await db().select().from(bookings);
    const orderOfBooking = (label: string) => migrated.find((row) => row.id === site.bookingIds[label])!.orderId;
    const byBooking: [string, string][] = [
      ['paidByCard', 'paidByCard'],
      ['reservationPaid', 'reservationPaid'],
      ['reservationOpen', 'reserved'],
      ['reservationCancelled', 'cancelled'],
      ['bookingRefunded', 'refunded'],
      ['bookingDeleted', 'deleted'],
      // No booking_id: found through the booking's payment id.
      ['attended', 'attended'],
    ];
    for (const [paymentLabel, bookingLabel] of byBooking) {
      expect((await paymentNamed(paymentLabel)).orderId, paymentLabel).toBe(orderOfBooking(bookingLabel));
    }
    for (const [label, before] of Object.entries(site.oldPayments)) {
      expect(await paymentNamed(label), label).toMatchObject({
        provider: before.provider,
        providerPaymentId: before.provider_payment_id,
        workshopDateId: before.workshop_date_id,
        amountCents: before.amount_cents,
        currency: before.currency,
        status: before.status,
        refundReason: before.refund_reason,
        providerRefundId: before.provider_refund_id,
        discountCodeId: before.discount_code_id,
        createdAt: before.created_at,
      });
    }
    // A payment without a booking gets an order of its own.
    const own = ['openCheckout', 'openCheckoutShort', 'staleCheckout', 'abandonedCheckout', 'refundedCheckout', 'refundingCheckout'];
    const ownOrders = await Promise.all(own.map(async (label) => (await paymentNamed(label)).orderId));
    expect(new Set([...ownOrders, ...migrated.map((booking) => booking.orderId)]).size).toBe(ownOrders.length + migrated.length);
  });

  it('makes a checkout still open a pending order of its customer that keeps its hold’s expiry', async () => {
    const before = site.oldPayments.openCheckout!;
    const order = await orderOf((await paymentNamed('openCheckout')).orderId);
    expect(order).toEqual({
      id: order.id,
      reference: expect.stringMatching(REFERENCE),
      workshopDateId: site.dates.typescript,
      buyerFirstName: 'Katherine',
      buyerLastName: 'Johnson',
      buyerEmail: 'katherine.johnson@nasa.example',
      company: 'NASA Langley',
      seats: 1,
      attendees: [{ firstName: 'Katherine', lastName: 'Johnson', email: 'katherine.johnson@nasa.example' }],
      discountCodeId: site.codes.earlyBird,
      // As a booking kept it: trimmed, in capitals.
      discountCode: 'EARLYBIRD',
      seatOriginalCents: 49900,
      seatDiscountCents: 9980,
      seatFinalCents: 39920,
      paymentMode: 'pay_now',
      status: 'pending',
      holdExpiresAt: site.holds.openCheckout!.expires_at,
      checkoutKey: null,
      subscribedToNewsletter: false,
      timeZone: 'America/Chicago',
      createdAt: before.created_at,
    });
    expect(await orderOf((await paymentNamed('openCheckoutShort')).orderId)).toMatchObject({
      status: 'pending',
      holdExpiresAt: site.holds.openCheckoutShort!.expires_at,
      buyerEmail: 'tony.hoare@oxford.example',
      discountCodeId: site.codes.spring,
      discountCode: 'SPRING10',
      seatOriginalCents: 79900,
      seatDiscountCents: 7990,
      seatFinalCents: 71910,
      timeZone: 'Europe/London',
      subscribedToNewsletter: true,
    });
    // Held, though its time had run out: pending until the sweep gives it back.
    expect(await orderOf((await paymentNamed('staleCheckout')).orderId)).toMatchObject({
      status: 'pending',
      holdExpiresAt: site.holds.staleCheckout!.expires_at,
      buyerFirstName: 'John',
      buyerLastName: 'Backus',
      company: '',
      discountCodeId: null,
      discountCode: '',
      seatOriginalCents: 39900,
      seatDiscountCents: 0,
      seatFinalCents: 39900,
      timeZone: null,
    });
  });

  it('makes a checkout whose hold was given back lapsed, and a refunded or refunding one void, without a hold', async () => {
    const expected: [string, 'lapsed' | 'void', string][] = [
      ['abandonedCheckout', 'lapsed', 'knuth@stanford.example'],
      ['refundedCheckout', 'void', 'alan.kay@parc.example'],
      ['refundingCheckout', 'void', 'adele@parc.example'],
    ];
    for (const [label, status, email] of expected) {
      const before = site.oldPayments[label]!;
      expect(await orderOf((await paymentNamed(label)).orderId), label).toMatchObject({
        status,
        holdExpiresAt: null,
        buyerEmail: email,
        buyerFirstName: before.customer!.firstName,
        seats: 1,
        attendees: [{ firstName: before.customer!.firstName, lastName: before.customer!.lastName, email }],
        workshopDateId: before.workshop_date_id,
        seatOriginalCents: before.customer!.originalCents,
        seatFinalCents: before.amount_cents,
        paymentMode: 'pay_now',
        createdAt: before.created_at,
      });
    }
  });

  it('leaves seat counts and code uses as they were', async () => {
    for (const [id, taken] of Object.entries(site.seatsTaken)) expect(await seatsTakenOn(Number(id)), `date ${id}`).toBe(taken);
    for (const [id, uses] of Object.entries(site.codeUses)) expect(await usesOf(Number(id)), `code ${id}`).toBe(uses);
  });

  it('drops seat_holds, payments.booking_id and payments.customer, and its helper function', async () => {
    const tables = await rowsOf<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['orders', 'bookings', 'payments']));
    expect(tables.rows.map((row) => row.table_name)).not.toContain('seat_holds');
    const columns = await rowsOf<{ column_name: string }>(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'payments'`);
    expect(columns.rows.map((row) => row.column_name)).toContain('order_id');
    expect(columns.rows.map((row) => row.column_name)).not.toContain('booking_id');
    expect(columns.rows.map((row) => row.column_name)).not.toContain('customer');
    const helper = await rowsOf<{ n: number }>(sql`select count(*)::int as n from pg_proc where proname = 'migration_order_reference'`);
    expect(helper.rows[0]!.n).toBe(0);
  });
});

describe('the app on the upgraded database', () => {
  it('leaves holds that have not run out; the sweep lapses the one that ran out before the upgrade and gives its seat back', async () => {
    expect(await releaseExpiredHolds(db(), minutes(-3))).toBe(0);
    const stale = (await paymentNamed('staleCheckout')).orderId;
    expect(await releaseExpiredHolds(db(), t0)).toBe(1);
    expect((await orderOf(stale)).status).toBe('lapsed');
    expect(await seatsTakenOn(site.dates.testing)).toBe(site.seatsTaken[site.dates.testing]! - 1);
    expect((await orderOf((await paymentNamed('openCheckout')).orderId)).status).toBe('pending');
    expect((await orderOf((await paymentNamed('openCheckoutShort')).orderId)).status).toBe('pending');
  });

  it('on a clock past a migrated hold, lapses its order and gives its seat and code use back', async () => {
    const short = (await paymentNamed('openCheckoutShort')).orderId;
    expect(await releaseExpiredHolds(db(), new Date(site.holds.openCheckoutShort!.expires_at.getTime() + 1_000))).toBe(1);
    expect((await orderOf(short)).status).toBe('lapsed');
    expect(await seatsTakenOn(site.dates.postgres)).toBe(site.seatsTaken[site.dates.postgres]! - 1);
    expect(await usesOf(site.codes.spring)).toBe(site.codeUses[site.codes.spring]! - 1);
    // Nothing else was pending and due.
    expect(await seatsTakenOn(site.dates.typescript)).toBe(site.seatsTaken[site.dates.typescript]);
    expect((await orderOf((await paymentNamed('openCheckout')).orderId)).status).toBe('pending');
  });

  it('places the still-open checkout when its payment, opened before the upgrade, succeeds: its held seat becomes its buyer’s booking', async () => {
    const before = site.oldPayments.openCheckout!;
    // The provider's record, as the old checkout opened it: no order id in its metadata.
    const intent: PaymentIntent = {
      id: before.provider_payment_id,
      clientSecret: `${before.provider_payment_id}_secret`,
      status: 'succeeded',
      amountCents: before.amount_cents,
      currency: 'usd',
      metadata: { workshopDateId: String(before.workshop_date_id), email: before.customer!.email },
    };
    const provider: PaymentProvider = {
      name: 'stripe',
      publicConfig: () => ({ provider: 'stripe', publishableKey: 'pk_test_orders_migration', testMode: true }),
      createIntent: () => Promise.reject(new Error('no new payment in this test')),
      retrieveIntent: async (id) => (id === intent.id ? intent : null),
      cancelIntent: async () => undefined,
      refund: () => Promise.reject(new Error('no refund in this test')),
    };
    const orderId = (await paymentNamed('openCheckout')).orderId;
    const bookingsBefore = (await db().select({ id: bookings.id }).from(bookings)).length;

    const placed = await fulfilPayment({ db: db(), payments: provider, secret: 'orders-migration-secret'.repeat(2), publicUrl: 'http://test.local', mail: bookingMail({ publicUrl: 'http://test.local', now: () => minutes(1) }), now: () => minutes(1) }, before.provider_payment_id);

    expect(placed.order).toMatchObject({ id: orderId, status: 'placed', holdExpiresAt: null });
    expect(placed.seats).toHaveLength(1);
    expect(placed.seats[0]).toMatchObject({
      orderId,
      workshopDateId: site.dates.typescript,
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'katherine.johnson@nasa.example',
      company: 'NASA Langley',
      status: 'confirmed',
      isPaid: true,
      stripePaymentId: before.provider_payment_id,
      discountCodeId: site.codes.earlyBird,
      discountCode: 'EARLYBIRD',
      originalPriceCents: 49900,
      discountAmountCents: 9980,
      finalPriceCents: 39920,
      timeZone: 'America/Chicago',
      named: true,
    });
    expect((await paymentNamed('openCheckout')).status).toBe('succeeded');
    expect((await db().select({ id: bookings.id }).from(bookings)).length).toBe(bookingsBefore + 1);
    // The seat it held is the booking's: nothing taken again, nothing given back; its code use likewise.
    expect(await seatsTakenOn(site.dates.typescript)).toBe(site.seatsTaken[site.dates.typescript]);
    expect(await usesOf(site.codes.earlyBird)).toBe(site.codeUses[site.codes.earlyBird]);
    const mail = await db().select({ to: emailOutbox.to, kind: emailOutbox.kind }).from(emailOutbox);
    expect(mail).toContainEqual({ to: 'katherine.johnson@nasa.example', kind: 'booking-paid' });
    // No hold is left to sweep.
    expect(await releaseExpiredHolds(db(), days(1))).toBe(0);
  });
});
