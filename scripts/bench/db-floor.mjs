// The database's floor for `npm run bench` (issue 15, point 9): the statements one free booking
// runs, replayed straight through `pg` with no HTTP, no Fastify, no Drizzle and no e-mail
// rendering, at the bench's concurrency on the same PostgreSQL database. What the app reaches
// beside this is what the app costs on top of the database's own work.
//
// FREE_BOOKING_STEPS is a copy of what booking.service.ts sends today, in order, with the same
// text (Drizzle's), transaction boundaries, row locks and inserts. tests/api/bench-floor.test.ts
// captures the statements the real service sends for one free booking and compares their kinds
// (statementKind) with this list, and runs this list once on its database: when the service's
// statements change, that test fails until this file follows.
import pg from 'pg';
import { percentile, visitorAddress } from './stats.mjs';

/** The server's DATABASE_POOL_SIZE default: the floor gets the connections one instance has. */
export const FLOOR_POOL_SIZE = 10;

/** SEAT_HOLD_RATE_LIMIT's window (booking.routes.ts): one minute, aligned to the epoch. */
const RATE_LIMIT_WINDOW_MS = 60_000;

const WORKSHOP_DATE_COLUMNS =
  '"workshop_dates"."id", "workshop_dates"."template_id", "workshop_dates"."title", "workshop_dates"."description", "workshop_dates"."expertise_level", "workshop_dates"."date", "workshop_dates"."time", "workshop_dates"."timezone", "workshop_dates"."starts_at", "workshop_dates"."ends_at", "workshop_dates"."seats_total", "workshop_dates"."seats_taken", "workshop_dates"."price_cents", "workshop_dates"."is_active", "workshop_dates"."is_featured", "workshop_dates"."is_tbc", "workshop_dates"."requires_immediate_payment", "workshop_dates"."zoom_link", "workshop_dates"."zoom_meeting_id", "workshop_dates"."zoom_password", "workshop_dates"."additional_info", "workshop_dates"."material_links", "workshop_dates"."created_at", "workshop_dates"."updated_at"';
const DISCOUNT_CODE_COLUMNS =
  '"discount_codes"."id", "discount_codes"."code", "discount_codes"."description", "discount_codes"."discount_percent", "discount_codes"."is_active", "discount_codes"."expires_at", "discount_codes"."max_uses", "discount_codes"."current_uses", "discount_codes"."created_at"';
const USABLE_CODE =
  '("discount_codes"."is_active" = $2 and ("discount_codes"."expires_at" is null or "discount_codes"."expires_at" > $3) and ("discount_codes"."max_uses" is null or "discount_codes"."current_uses" < "discount_codes"."max_uses"))';
const BOOKING_COLUMNS =
  '"id", "workshop_date_id", "first_name", "last_name", "email", "company", "discount_code_id", "discount_code", "original_price_cents", "discount_amount_cents", "final_price_cents", "is_paid", "status", "payment_mode", "stripe_payment_id", "has_attended", "subscribed_to_newsletter", "time_zone", "cancelled_at", "reservation_expires_at", "awaiting_email_confirmation", "reservation_reminded_at", "deleted_at", "created_at"';

/** loadOffer: the date and the usable code in one query (both requests run it). */
const LOAD_OFFER = {
  text: `select ${WORKSHOP_DATE_COLUMNS}, ${DISCOUNT_CODE_COLUMNS} from "workshop_dates" left join "discount_codes" on ("discount_codes"."code" = $1 and ${USABLE_CODE}) where "workshop_dates"."id" = $4 limit $5`,
  values: (c) => [c.code, true, new Date().toISOString(), c.dateId, 1],
  rowMode: 'array',
  check: (result, c) => {
    const row = result.rows[0];
    // The date is bookable and the code usable (its id is the first discount column).
    if (!row || row[24] !== c.codeId) throw new Error('floor: date or code not usable');
  },
};

/**
 * One free booking as the bench's visitor makes it: POST /api/create-payment-intent (the
 * per-address limit's count, the offer, "already booked?"), then POST /api/bookings (the offer
 * again, then one transaction: booking, newsletter, e-mail template, outbox, code use, seat).
 * 'begin' and 'commit' mark the transaction, run on one connection like Drizzle's.
 */
/** The per-address limit's count for one request to `route` (databaseRateLimitStore). */
const rateLimitCount = (request, route) => ({
  request,
  text: 'insert into "rate_limit_hits" ("key", "window_start", "window_end", "hits") values ($1, $2, $3, $4) on conflict ("key","window_start") do update set "hits" = "rate_limit_hits"."hits" + 1 returning "hits"',
  values: (c) => {
    const start = Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
    return [`POST ${route} ${c.address}`, new Date(start).toISOString(), new Date(start + RATE_LIMIT_WINDOW_MS).toISOString(), 1];
  },
  rowMode: 'array',
});

export const FREE_BOOKING_STEPS = [
  // POST /api/create-payment-intent
  rateLimitCount('create-payment-intent', '/api/create-payment-intent'),
  { request: 'create-payment-intent', ...LOAD_OFFER },
  {
    request: 'create-payment-intent',
    text: 'select "id" from "bookings" where ("bookings"."workshop_date_id" = $1 and lower("bookings"."email") = $2 and "bookings"."status" in ($3, $4)) limit $5',
    values: (c) => [c.dateId, c.email, 'reserved', 'confirmed', 1],
    rowMode: 'array',
  },
  // POST /api/bookings
  rateLimitCount('bookings', '/api/bookings'),
  { request: 'bookings', ...LOAD_OFFER },
  { request: 'bookings', text: 'begin' },
  {
    request: 'bookings',
    text: `insert into "bookings" (${BOOKING_COLUMNS}) values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, default, default, $14, $15, default, default, default, default, default, default) returning ${BOOKING_COLUMNS}`,
    values: (c) => [c.dateId, 'Bench', 'Visitor', c.email, '', c.codeId, c.code, c.priceCents, c.priceCents, 0, false, 'confirmed', 'pay_now', true, null],
    rowMode: 'array',
    check: (result, c) => {
      c.bookingId = result.rows[0][0];
    },
  },
  {
    request: 'bookings',
    text: 'insert into "newsletter_subscribers" ("id", "email", "source", "unsubscribed_at", "created_at") values (default, $1, $2, default, default) on conflict do nothing',
    values: (c) => [c.email, 'booking'],
  },
  {
    request: 'bookings',
    text: 'select "id", "type", "subject", "content", "is_active", "bcc_admin", "updated_at" from "email_templates" where "email_templates"."type" = $1 limit $2',
    values: () => ['booking-confirmation', 1],
    rowMode: 'array',
  },
  {
    request: 'bookings',
    text: 'insert into "email_outbox" ("id", "to", "bcc", "subject", "html", "text", "attachments", "sealed_tokens", "kind", "status", "attempts", "last_error", "next_attempt_at", "locked_until", "sent_at", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, default, default, default, default, default, default, default) returning "id"',
    values: (c) => {
      const mail = confirmationMail(c);
      return [c.email, null, mail.subject, mail.html, mail.text, mail.attachments, mail.sealedTokens, 'booking-free'];
    },
    rowMode: 'array',
  },
  // notifyOrganiser (issue 18): its switches and Reply-To in one read, then the organiser's
  // address (the bench's site has no admin, so no notice is queued, as in the app).
  {
    request: 'bookings',
    text: 'select "key", "value" from "settings" where "settings"."key" in ($1, $2)',
    values: () => ['notifications', 'email'],
    rowMode: 'array',
  },
  {
    request: 'bookings',
    text: 'select "email" from "admin_users" where "admin_users"."is_admin" = $1 order by "admin_users"."id" asc limit $2',
    values: () => [true, 1],
    rowMode: 'array',
  },
  {
    request: 'bookings',
    text: `update "discount_codes" set "current_uses" = "discount_codes"."current_uses" + 1 where ("discount_codes"."id" = $1 and ${USABLE_CODE}) returning "id"`,
    values: (c) => [c.codeId, true, new Date().toISOString()],
    rowMode: 'array',
    check: (result) => {
      if (result.rowCount !== 1) throw new Error('floor: the code has no use left');
    },
  },
  {
    request: 'bookings',
    text: 'update "workshop_dates" set "seats_taken" = "workshop_dates"."seats_taken" + 1, "updated_at" = $1 where ("workshop_dates"."id" = $2 and "workshop_dates"."is_active" = $3 and "workshop_dates"."seats_taken" < "workshop_dates"."seats_total") returning "id"',
    values: (c) => [new Date().toISOString(), c.dateId, true],
    rowMode: 'array',
    check: (result) => {
      if (result.rowCount !== 1) throw new Error('floor: sold out');
    },
  },
  { request: 'bookings', text: 'commit' },
];

/**
 * What a statement is, for comparing the service's with this list: its verb and tables, its row
 * locks, its conflict clause, whether it returns rows, and its number of parameters. Column lists
 * and spacing are left out, so a new column the booking does not set changes nothing here.
 */
export function statementKind(text) {
  const sql = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const verb = /^(\w+)/.exec(sql)?.[1] ?? '?';
  const tables = [...sql.matchAll(/\b(?:from|join|into|(?<!do )update)\s+"?([a-z_]+)"?/g)].map((match) => match[1]);
  const parts = [verb, ...new Set(tables)];
  if (/\bleft join\b/.test(sql)) parts.push('left-join');
  const lock = /\bfor (update|no key update|share|key share)( skip locked| nowait)?/.exec(sql);
  if (lock) parts.push(`for ${lock[1]}${lock[2] ?? ''}`);
  if (/\bon conflict\b[^]*?\bdo update\b/.test(sql)) parts.push('on-conflict-update');
  else if (/\bon conflict\b/.test(sql)) parts.push('on-conflict-nothing');
  if (/\breturning\b/.test(sql)) parts.push('returning');
  const params = new Set([...sql.matchAll(/\$(\d+)/g)].map((match) => match[1])).size;
  if (params > 0) parts.push(`${params} params`);
  return parts.join(' ');
}

/**
 * An e-mail the size of the real confirmation (HTML ~1.5 KB, text ~0.3 KB, an .ics attachment of
 * ~0.8 KB, one sealed participant link), for the outbox row.
 */
function confirmationMail(c) {
  const subject = 'Your seat is booked: Benchmark sustained';
  const placeholder = `sealed-token-${String(c.bookingId).padStart(24, '0')}`;
  const body = `<p>Hi Bench,</p><p>Your discount code covers the full price, so your seat is confirmed free of charge.</p><table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>Benchmark sustained</td></tr><tr><td><strong>Booking</strong></td><td>#${c.bookingId}</td></tr></table><p><a href="https://bench.example/participant?token=${placeholder}">See your booking</a></p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head><body>${body}${' '.repeat(900)}</body></html>`;
  const text = `Hi Bench,\n\nYour discount code covers the full price.\n\nBooking: #${c.bookingId}\nSee your booking: https://bench.example/participant?token=${placeholder}\n${'.'.repeat(150)}`;
  const attachments = JSON.stringify([{ filename: 'workshop.ics', contentType: 'text/calendar', content: Buffer.from(`BEGIN:VCALENDAR\nUID:booking-${c.bookingId}\n${'X'.repeat(500)}\nEND:VCALENDAR`).toString('base64') }]);
  const sealedTokens = JSON.stringify([{ placeholder, purpose: 'participant-access', subject: c.email, expiresAt: Date.now() + 365 * 86_400_000 }]);
  return { subject, html, text, attachments, sealedTokens };
}

/**
 * Runs FREE_BOOKING_STEPS once for visitor `visitor`. `pool` needs query(config) and connect()
 * (a pg.Pool, or anything alike): statements outside the transaction take any connection, as the
 * app's pool gives them; the transaction keeps one, and is rolled back when a step fails.
 */
export async function floorFreeBooking(pool, setup, visitor) {
  const context = { ...setup, address: visitorAddress(visitor), email: `floor-${visitor}@bench.example`, bookingId: null };
  let client = null;
  try {
    for (const step of FREE_BOOKING_STEPS) {
      if (step.text === 'begin') {
        client = await pool.connect();
        await client.query({ text: 'begin' });
        continue;
      }
      const config = { text: step.text, ...(step.values ? { values: step.values(context) } : {}), ...(step.rowMode ? { rowMode: step.rowMode } : {}) };
      const result = await (client ?? pool).query(config);
      step.check?.(result, context);
      if (step.text === 'commit') {
        client.release();
        client = null;
      }
    }
    return context.bookingId;
  } catch (error) {
    if (client) {
      await client.query({ text: 'rollback' }).catch(() => undefined);
      client.release();
    }
    throw error;
  }
}

/**
 * Sets up the floor on the database the HTTP bench used: a copy of the sustained run's workshop
 * date (same seats, price and flags, no seat taken) and the same free code.
 */
export async function prepareFloor(pool, { sustainedDateId, code }) {
  const copy = await pool.query({
    text: `insert into workshop_dates (title, description, date, time, timezone, starts_at, ends_at, seats_total, seats_taken, price_cents, is_active, is_tbc, requires_immediate_payment)
           select 'Benchmark floor', description, date, time, timezone, starts_at, ends_at, seats_total, 0, price_cents, is_active, is_tbc, requires_immediate_payment
           from workshop_dates where id = $1 returning id, price_cents`,
    values: [sustainedDateId],
  });
  if (copy.rowCount !== 1) throw new Error(`floor: workshop date ${sustainedDateId} not found`);
  const found = await pool.query({ text: 'select id from discount_codes where code = $1', values: [code] });
  if (found.rowCount !== 1) throw new Error(`floor: discount code ${code} not found`);
  return { dateId: copy.rows[0].id, priceCents: copy.rows[0].price_cents, codeId: found.rows[0].id, code };
}

/**
 * The floor: `concurrency` visitors at a time run FREE_BOOKING_STEPS through `pg` on
 * `databaseUrl`, on a pool of FLOOR_POOL_SIZE connections, in turns: each run(seconds) books for
 * that long (the bench gives it a turn after each slice of the HTTP sustained run, as long as that
 * slice took), and figures() adds the turns up into bookings per second and per-booking times.
 */
export function databaseFloor(databaseUrl, { code, concurrency, poolSize = FLOOR_POOL_SIZE }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // pool.end() resolves while sockets still close; the bench drops the database right after.
  pool.on('error', () => {});
  let setup = null;
  let next = 0;
  let failed = 0;
  let measuredMs = 0;
  const times = [];
  return {
    /** Books for `seconds` on a copy of the sustained run's date (made at the first turn). */
    run: async ({ sustainedDateId, seconds }) => {
      if (!setup) {
        setup = await prepareFloor(pool, { sustainedDateId, code });
        // Warm the pool's connections first, as the app's are warm by its own run.
        await Promise.all(Array.from({ length: poolSize }, () => pool.query('select 1')));
      }
      const started = performance.now();
      const deadline = started + seconds * 1000;
      const visitor = async () => {
        while (performance.now() < deadline) {
          const n = next++;
          const begun = performance.now();
          try {
            await floorFreeBooking(pool, setup, 200_000 + n);
            times.push(performance.now() - begun);
          } catch {
            failed++;
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, visitor));
      measuredMs += performance.now() - started;
    },
    figures: async () => {
      const taken = setup ? await pool.query({ text: 'select seats_taken from workshop_dates where id = $1', values: [setup.dateId] }) : null;
      return {
        concurrency,
        poolSize,
        statementsPerBooking: FREE_BOOKING_STEPS.length,
        booked: times.length,
        failed,
        durationMs: measuredMs,
        bookingsPerSecond: times.length / (measuredMs / 1000),
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        seatsTaken: taken?.rows[0]?.seats_taken ?? null,
      };
    },
    close: () => pool.end(),
  };
}
