// The database's floor for `npm run bench`: the statements one free order
// runs, replayed straight through `pg` with no HTTP, no Fastify, no Drizzle and no e-mail
// rendering, at the bench's concurrency on the same PostgreSQL database. What the app reaches
// beside this is what the app costs on top of the database's own work.
//
// orderSteps() is a copy of what the booking services send today for a free order of a given
// shape (free-order.ts, orders.ts, order-emails.ts, seats.ts, discounts.ts, offer.ts), in order,
// with the same text (Drizzle's), transaction boundaries, row locks and inserts; FREE_BOOKING_STEPS
// is its one-seat order, the sustained bookings' visitor. tests/api/bench-floor.test.ts captures
// the statements the real app sends for a one-seat booking and for orders of several seats and
// compares their kinds (statementKind) with these lists, and runs them once on its database: when
// the services' statements change, that test fails until this file follows.
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { orderAttendees, percentile, visitorAddress } from './stats.mjs';

/** The server's DATABASE_POOL_SIZE default: the floor gets the connections one instance has. */
export const FLOOR_POOL_SIZE = 10;

/** SEAT_HOLD_RATE_LIMIT's window (booking.routes.ts): one minute, aligned to the epoch. */
const RATE_LIMIT_WINDOW_MS = 60_000;

const WORKSHOP_DATE_COLUMNS =
  '"workshop_dates"."id", "workshop_dates"."template_id", "workshop_dates"."title", "workshop_dates"."description", "workshop_dates"."expertise_level", "workshop_dates"."date", "workshop_dates"."time", "workshop_dates"."timezone", "workshop_dates"."ends_next_day", "workshop_dates"."starts_at", "workshop_dates"."ends_at", "workshop_dates"."seats_total", "workshop_dates"."seats_taken", "workshop_dates"."price_cents", "workshop_dates"."is_active", "workshop_dates"."is_featured", "workshop_dates"."is_tbc", "workshop_dates"."requires_immediate_payment", "workshop_dates"."zoom_link", "workshop_dates"."zoom_meeting_id", "workshop_dates"."zoom_password", "workshop_dates"."additional_info", "workshop_dates"."material_links", "workshop_dates"."created_at", "workshop_dates"."updated_at"';
/** Where the discount code's id sits in a LOAD_OFFER row (after the date's columns). */
const OFFER_CODE_ID_INDEX = 25;
const DISCOUNT_CODE_COLUMNS =
  '"discount_codes"."id", "discount_codes"."code", "discount_codes"."description", "discount_codes"."discount_percent", "discount_codes"."is_active", "discount_codes"."expires_at", "discount_codes"."max_uses", "discount_codes"."current_uses", "discount_codes"."created_at"';
/** usableDiscount(now, uses) with its parameters from `first` on: active, not expired, `uses` left. */
const usableCode = (first) =>
  `("discount_codes"."is_active" = $${first} and ("discount_codes"."expires_at" is null or "discount_codes"."expires_at" > $${first + 1}) and ("discount_codes"."max_uses" is null or "discount_codes"."current_uses" + $${first + 2} <= "discount_codes"."max_uses"))`;
const ORDER_COLUMNS =
  '"id", "reference", "workshop_date_id", "buyer_first_name", "buyer_last_name", "buyer_email", "company", "seats", "attendees", "discount_code_id", "discount_code", "seat_original_cents", "seat_discount_cents", "seat_final_cents", "payment_mode", "status", "hold_expires_at", "checkout_key", "subscribed_to_newsletter", "time_zone", "created_at"';
const BOOKING_COLUMNS =
  '"id", "order_id", "named", "claim_version", "workshop_date_id", "first_name", "last_name", "email", "company", "discount_code_id", "discount_code", "original_price_cents", "discount_amount_cents", "final_price_cents", "is_paid", "status", "payment_mode", "stripe_payment_id", "has_attended", "subscribed_to_newsletter", "time_zone", "cancelled_at", "reservation_expires_at", "awaiting_email_confirmation", "reservation_reminded_at", "deleted_at", "created_at"';
/** A booking row's parameters, in BOOKING_COLUMNS' order (the others are defaults). */
const BOOKING_PARAMS_PER_ROW = 17;
const bookingValues = (row) => {
  const p = (k) => `$${row * BOOKING_PARAMS_PER_ROW + k}`;
  return `(default, ${p(1)}, ${p(2)}, default, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}, ${p(12)}, ${p(13)}, ${p(14)}, ${p(15)}, default, default, ${p(16)}, ${p(17)}, default, default, default, default, default, default)`;
};
/** An outbox row's parameters (outboxValues), the others are defaults. */
const OUTBOX_PARAMS_PER_ROW = 9;
/** enqueueEmail's INSERT, or queueTogether's for `rows` e-mails at once (outbox.ts). */
const outboxInsert = (rows) => {
  const p = (r, k) => `$${r * OUTBOX_PARAMS_PER_ROW + k}`;
  // to … kind, then the delivery bookkeeping's defaults, then date_message_id (null for a sale's e-mails).
  const row = (r) => `(default, ${Array.from({ length: 8 }, (_, k) => p(r, k + 1)).join(', ')}, default, default, default, default, default, default, ${p(r, 9)}, default)`;
  return `insert into "email_outbox" ("id", "to", "bcc", "subject", "html", "text", "attachments", "sealed_tokens", "kind", "status", "attempts", "last_error", "next_attempt_at", "locked_until", "sent_at", "date_message_id", "created_at") values ${Array.from({ length: rows }, (_, r) => row(r)).join(', ')} returning "id"`;
};
/** preloadTemplates (render-email.ts): the templates of an order's e-mails in one read. */
const ORDER_TEMPLATES_READ = 'select "id", "type", "subject", "content", "is_active", "bcc_admin", "updated_at" from "email_templates" where "email_templates"."type" in ($1, $2)';

/** waitlistHoldsDate (server/db/public-seats.ts) for the date `dateId` names: someone waits for it or holds an offer on it. */
const waitlistHolds = (dateId, first) =>
  `exists (select 1 from "waitlist_entries" where "waitlist_entries"."workshop_date_id" = ${dateId} and "waitlist_entries"."status" in ($${first}, $${first + 1}))`;

/** loadOffer: the date, the code usable for the order's seats and the seats left for the public, in one query (both requests run it). */
const LOAD_OFFER = {
  text: `select ${WORKSHOP_DATE_COLUMNS}, ${DISCOUNT_CODE_COLUMNS}, (case when ${waitlistHolds('"workshop_dates"."id"', 1)} then 0 else greatest("workshop_dates"."seats_total" - "workshop_dates"."seats_taken", 0) end)::int from "workshop_dates" left join "discount_codes" on ("discount_codes"."code" = $3 and ${usableCode(4)}) where "workshop_dates"."id" = $7 limit $8`,
  values: (c) => ['waiting', 'offered', c.code, true, new Date().toISOString(), c.shape.seats, c.dateId, 1],
  rowMode: 'array',
  check: (result, c) => {
    const row = result.rows[0];
    // The date is bookable and the code usable for that many seats.
    if (!row || row[OFFER_CODE_ID_INDEX] !== c.codeId) throw new Error('floor: date or code not usable');
  },
};

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

/**
 * The order's e-mails (queueOrderEmails, then notifyOrganiserOfOrder): each named seat's
 * confirmation, the buyer's order confirmation unless the order is the buyer's own single seat,
 * and the organiser's notice, written together in one INSERT (queueTogether).
 */
const orderMails = (c) => [
  ...Array.from({ length: c.shape.named }, (_, seat) => seatConfirmationMail(c, seat)),
  ...(c.shape.seats === 1 && c.shape.named === 1 ? [] : [orderConfirmationMail(c)]),
  organiserNotice(c),
];
const orderMailCount = (shape) => shape.named + (shape.seats === 1 && shape.named === 1 ? 0 : 1) + 1;

/** Reference letters as newOrderReference draws them. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newReference = () => {
  const half = () => Array.from({ length: 3 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `${half()}-${half()}`;
};

/**
 * One free order as the bench's visitor places it, `shape` = { seats, named } (the buyer on the
 * first seat, colleagues on the next named - 1, the rest unnamed): POST
 * /api/create-payment-intent (the per-address limit's count, the offer, "already booked?"), then
 * POST /api/bookings (the count, the offer again, then one transaction: the order, its seats in
 * one insert, the newsletter row, the e-mails' settings and templates in two reads, the organiser's
 * address, the e-mails and the organiser's notice in one insert, the code's uses and the seats). 'begin' and 'commit' mark the transaction, run on one connection like Drizzle's.
 */
export function orderSteps(shape) {
  return [
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
      text: `insert into "orders" (${ORDER_COLUMNS}) values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, default, default, $16, $17, default) on conflict do nothing returning ${ORDER_COLUMNS}`,
      values: (c) => [newReference(), c.dateId, 'Bench', 'Visitor', c.email, '', c.shape.seats, JSON.stringify(attendeesOf(c)), c.codeId, c.code, c.priceCents, c.priceCents, 0, 'pay_now', 'placed', true, null],
      rowMode: 'array',
      check: (result, c) => {
        if (result.rowCount !== 1) throw new Error('floor: the order reference was taken');
        c.orderId = result.rows[0][0];
        c.reference = result.rows[0][1];
      },
    },
    {
      request: 'bookings',
      text: `insert into "bookings" (${BOOKING_COLUMNS}) values ${Array.from({ length: shape.seats }, (_, row) => bookingValues(row)).join(', ')} returning ${BOOKING_COLUMNS}`,
      values: (c) => {
        const people = attendeesOf(c);
        return Array.from({ length: c.shape.seats }, (_, seat) => {
          const person = people[seat] ?? people[0];
          return [c.orderId, seat < people.length, c.dateId, person.firstName, person.lastName, person.email, '', c.codeId, c.code, c.priceCents, c.priceCents, 0, false, 'confirmed', 'pay_now', true, null];
        }).flat();
      },
      rowMode: 'array',
      check: (result, c) => {
        c.bookingIds = result.rows.map((row) => row[0]).sort((a, b) => a - b);
      },
    },
    // closeEntriesBookedBy (freed-seats.ts): do the seats' people wait for this date? Look before locking.
    {
      request: 'bookings',
      text: `select "id" from "waitlist_entries" where ("waitlist_entries"."status" in ($1, $2) and ("waitlist_entries"."workshop_date_id" = $3 or ("waitlist_entries"."workshop_date_id" is null and "waitlist_entries"."template_id" = (select "workshop_dates"."template_id" from "workshop_dates" where "workshop_dates"."id" = $4))) and lower("waitlist_entries"."email") in (${Array.from({ length: shape.named }, (_, k) => `$${k + 5}`).join(', ')}) and ("waitlist_entries"."order_id" is null or "waitlist_entries"."order_id" <> $${shape.named + 5})) limit $${shape.named + 6}`,
      values: (c) => ['waiting', 'offered', c.dateId, c.dateId, ...new Set(attendeesOf(c).map((person) => person.email.toLowerCase())), c.orderId, 1],
      rowMode: 'array',
    },
    {
      request: 'bookings',
      text: 'insert into "newsletter_subscribers" ("id", "email", "source", "unsubscribed_at", "created_at") values (default, $1, $2, default, default) on conflict do nothing',
      values: (c) => [c.email, 'booking'],
    },
    // preloadSettings (settings-snapshot.ts): the settings the order's e-mails read, in one read (the
    // brand name, the calls a seat includes, the organiser notice's switches and Reply-To).
    {
      request: 'bookings',
      text: 'select "key", "value" from "settings" where "settings"."key" in ($1, $2, $3, $4)',
      values: () => ['general', 'calls', 'notifications', 'email'],
      rowMode: 'array',
    },
    // preloadTemplates: the templates of the order's e-mails in one read.
    { request: 'bookings', text: ORDER_TEMPLATES_READ, values: () => ['booking-confirmation', 'order-confirmation'], rowMode: 'array' },
    // notifyOrganiser: no Reply-To saved, so the organiser's address (the bench's admin, so the
    // notice is queued, as the app does on the bench's site).
    {
      request: 'bookings',
      text: 'select "email" from "admin_users" where "admin_users"."is_admin" = $1 order by "admin_users"."id" asc limit $2',
      values: () => [true, 1],
      rowMode: 'array',
    },
    // queueTogether: the order's e-mails and the organiser's notice in one INSERT.
    {
      request: 'bookings',
      text: outboxInsert(orderMailCount(shape)),
      values: (c) => orderMails(c).flatMap((mail) => outboxValues(c, mail)),
      rowMode: 'array',
      check: (result, c) => {
        if (result.rowCount !== orderMailCount(c.shape)) throw new Error('floor: the e-mails were not all written');
      },
    },
    // claimCodeAndSeats: one use per seat, then the seats, each one conditional UPDATE.
    {
      request: 'bookings',
      text: `update "discount_codes" set "current_uses" = "discount_codes"."current_uses" + $1 where ("discount_codes"."id" = $2 and ${usableCode(3)}) returning "id"`,
      values: (c) => [c.shape.seats, c.codeId, true, new Date().toISOString(), c.shape.seats],
      rowMode: 'array',
      check: (result) => {
        if (result.rowCount !== 1) throw new Error('floor: the code has no use left');
      },
    },
    {
      request: 'bookings',
      text: `update "workshop_dates" set "seats_taken" = "workshop_dates"."seats_taken" + $1, "updated_at" = $2 where ("workshop_dates"."id" = $3 and "workshop_dates"."is_active" = $4 and "workshop_dates"."seats_taken" + $5 <= "workshop_dates"."seats_total" and not ${waitlistHolds('$6', 7)}) returning "id"`,
      values: (c) => [c.shape.seats, new Date().toISOString(), c.dateId, true, c.shape.seats, c.dateId, 'waiting', 'offered'],
      rowMode: 'array',
      check: (result) => {
        if (result.rowCount !== 1) throw new Error('floor: sold out');
      },
    },
    { request: 'bookings', text: 'commit' },
  ];
}

/** The sustained bookings' visitor: one seat, the buyer on it. */
export const FREE_BOOKING_STEPS = orderSteps({ seats: 1, named: 1 });

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

/** The order's people as the bench's visitor names them: the buyer on the first seat, then colleagues. */
const attendeesOf = (c) => orderAttendees(c.shape, { firstName: 'Bench', lastName: 'Visitor', email: c.email });

/** A sealed link's placeholder and what the worker signs in its place (sealed-tokens.ts). */
function sealed(purpose, subject) {
  return { placeholder: `sealed-token-${randomInt(2 ** 47).toString(16).padStart(24, '0')}`, purpose, subject, expiresAt: Date.now() + 180 * 86_400_000 };
}

/** The outbox row's parameters, in outboxInsert's order. */
function outboxValues(c, mail) {
  return [mail.to, null, mail.subject, mail.html, mail.text, mail.attachments ? JSON.stringify(mail.attachments) : null, JSON.stringify(mail.tokens), mail.kind, null];
}

/**
 * The shared layout around a body, `padding` characters standing for emailLayout's markup
 * (server/email/templates.ts). The mails below are sized on the app's own rows, which
 * tests/api/bench-floor.test.ts compares with these (within a fifth either way).
 */
const layout = (subject, body, padding = 2_600) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head><body>${body}${' '.repeat(padding)}</body></html>`;

/** What the app's confirmation says of its attached calendar event. */
const CALENDAR_LINE = 'The attached calendar event carries the time and your join link. The materials will be on your booking page before the workshop.';

/** A seat's confirmation, the size of the real one: its details, its sign-in link and calendar file. */
function seatConfirmationMail(c, seat) {
  const person = attendeesOf(c)[seat];
  const bookingId = c.bookingIds[seat];
  const link = sealed('participant-access', person.email);
  const subject = 'Your seat is booked: Benchmark sustained';
  const body = `<p>Hi ${person.firstName},</p><p>Your discount code covers the full price, so your seat is confirmed free of charge.</p><table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>Benchmark sustained</td></tr><tr><td><strong>When</strong></td><td>Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT</td></tr><tr><td><strong>Booking</strong></td><td>#${bookingId}</td></tr></table><p>${CALENDAR_LINE}</p><p><a href="https://bench.example/participant?token=${link.placeholder}">See your booking</a></p>`;
  const text = `Hi ${person.firstName},\n\nYour discount code covers the full price, so your seat is confirmed free of charge.\n\nWorkshop: Benchmark sustained\nBooking: #${bookingId}\n\n${CALENDAR_LINE}\n\nSee your booking: https://bench.example/participant?token=${link.placeholder}\n${'.'.repeat(80)}`;
  const ics = `BEGIN:VCALENDAR\nUID:booking-${bookingId}\n${'X'.repeat(520)}\nEND:VCALENDAR`;
  return { to: person.email, subject, html: layout(subject, body, 1_950), text, attachments: [{ filename: 'workshop.ics', contentType: 'text/calendar', content: Buffer.from(ics).toString('base64') }], tokens: [link], kind: 'booking-free' };
}

/** The buyer's order confirmation: every seat, with a claim link on each unnamed one. */
function orderConfirmationMail(c) {
  const people = attendeesOf(c);
  const access = sealed('participant-access', c.email);
  const claims = [];
  const seats = c.bookingIds.map((id, seat) => {
    if (seat < people.length) return `<li>${people[seat].firstName} ${people[seat].lastName} (${people[seat].email})</li>`;
    const claim = sealed('claim-seat', `${id}.0`);
    claims.push(claim);
    return `<li>Unnamed seat: <a href="https://bench.example/claim/${claim.placeholder}">link to claim it</a></li>`;
  });
  const subject = `Your order ${c.reference}: ${c.shape.seats} seats`;
  const body = `<p>Hi Bench,</p><p>Your discount code covers the full price, so your seats are confirmed free of charge.</p><table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>Benchmark sustained</td></tr><tr><td><strong>Order</strong></td><td>${c.reference}</td></tr></table><ol>${seats.join('')}</ol><p><a href="https://bench.example/participant?token=${access.placeholder}">See your bookings</a></p>`;
  const text = `Hi Bench,\n\nYour seats are confirmed.\n\n${seats.join('\n').replace(/<[^>]+>/g, '')}\n${'.'.repeat(850)}`;
  return { to: c.email, subject, html: layout(subject, body), text, attachments: null, tokens: [access, ...claims], kind: 'order-free' };
}

/** The organiser's notice of the order (organiser-notifications.ts): no template, no link to seal. */
function organiserNotice(c) {
  const subject = 'New booking (free): Benchmark sustained — Bench Visitor';
  const body = `<p>A seat was booked free of charge with a discount code.</p><table role="presentation">${`<tr><td><strong>Who</strong></td><td>Bench Visitor &lt;${c.email}&gt;</td></tr>`.repeat(4)}<tr><td><strong>Seats</strong></td><td>${c.shape.seats}</td></tr></table><p><a href="https://bench.example/admin?tab=bookings">Open Bookings</a></p>`;
  return { to: 'bench-admin@bench.example', subject, html: layout(subject, body), text: body.replace(/<[^>]+>/g, ' '), attachments: null, tokens: [], kind: 'organiser-notifyNewBooking' };
}

/**
 * Runs orderSteps(shape) once for visitor `visitor`; answers the order's id and its bookings'.
 * `pool` needs query(config) and connect() (a pg.Pool, or anything alike): statements outside the
 * transaction take any connection, as the app's pool gives them; the transaction keeps one, and is
 * rolled back when a step fails.
 */
export async function floorOrder(pool, setup, visitor, shape, steps = orderSteps(shape)) {
  const context = { ...setup, shape, address: visitorAddress(visitor), email: `floor-${visitor}@bench.example`, orderId: null, reference: null, bookingIds: [] };
  let client = null;
  try {
    for (const step of steps) {
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
    return { orderId: context.orderId, bookingIds: context.bookingIds };
  } catch (error) {
    if (client) {
      await client.query({ text: 'rollback' }).catch(() => undefined);
      client.release();
    }
    throw error;
  }
}

/** FREE_BOOKING_STEPS once for visitor `visitor`: a one-seat order; answers its booking's id. */
export async function floorFreeBooking(pool, setup, visitor) {
  const { bookingIds } = await floorOrder(pool, setup, visitor, { seats: 1, named: 1 }, FREE_BOOKING_STEPS);
  return bookingIds[0];
}

/**
 * Sets up the floor on the database the HTTP bench used: a copy of the sustained run's workshop
 * date (same price and flags, no seat taken; its seats, or `seatsTotal` when the floor will take
 * more than the HTTP run's date has) and the same free code.
 */
export async function prepareFloor(pool, { sustainedDateId, code, seatsTotal = null }) {
  const copy = await pool.query({
    text: `insert into workshop_dates (title, description, date, time, timezone, starts_at, ends_at, seats_total, seats_taken, price_cents, is_active, is_tbc, requires_immediate_payment)
           select 'Benchmark floor', description, date, time, timezone, starts_at, ends_at, coalesce($2, seats_total), 0, price_cents, is_active, is_tbc, requires_immediate_payment
           from workshop_dates where id = $1 returning id, price_cents`,
    values: [sustainedDateId, seatsTotal],
  });
  if (copy.rowCount !== 1) throw new Error(`floor: workshop date ${sustainedDateId} not found`);
  const found = await pool.query({ text: 'select id from discount_codes where code = $1', values: [code] });
  if (found.rowCount !== 1) throw new Error(`floor: discount code ${code} not found`);
  return { dateId: copy.rows[0].id, priceCents: copy.rows[0].price_cents, codeId: found.rows[0].id, code };
}

/**
 * The floor: `concurrency` visitors at a time run orderSteps(shapeOf(n)) through `pg` on
 * `databaseUrl`, on a pool of FLOOR_POOL_SIZE connections, in turns: each run(seconds) places
 * orders for that long (the bench gives it a turn after each slice of the HTTP sustained run, as
 * long as that slice took), and figures() adds the turns up into orders (and seats) per second and
 * per-order times. `shapeOf(n)` is the n-th order's { seats, named }, the HTTP run's mix, and
 * figures() counts orders; with unit 'bookings' (the default) every order is the one-seat booking
 * of FREE_BOOKING_STEPS, and figures() counts bookings, as the sustained bookings run does.
 * Visitors are numbered from `firstVisitor` (their addresses and e-mails), apart from the HTTP run's.
 */
export function databaseFloor(databaseUrl, { code, concurrency, poolSize = FLOOR_POOL_SIZE, unit = 'bookings', shapeOf = null, seatsTotal = null, firstVisitor = 200_000 }) {
  if (unit === 'bookings') shapeOf = () => ({ seats: 1, named: 1 });
  else if (!shapeOf) throw new Error('databaseFloor: orders need shapeOf(n)');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // pool.end() resolves while sockets still close; the bench drops the database right after.
  pool.on('error', () => {});
  // One list of steps per shape, made once (a shape's statements do not change).
  const stepsByShape = new Map();
  const stepsFor = (shape) => {
    const key = `${shape.seats}/${shape.named}`;
    if (!stepsByShape.has(key)) stepsByShape.set(key, unit === 'bookings' ? FREE_BOOKING_STEPS : orderSteps(shape));
    return stepsByShape.get(key);
  };
  let setup = null;
  let next = 0;
  let failed = 0;
  let seats = 0;
  let statements = 0;
  let measuredMs = 0;
  const times = [];
  return {
    /** Orders for `seconds` on a copy of the sustained run's date (made at the first turn). */
    run: async ({ sustainedDateId, seconds }) => {
      if (!setup) {
        setup = await prepareFloor(pool, { sustainedDateId, code, seatsTotal });
        // Warm the pool's connections first, as the app's are warm by its own run.
        await Promise.all(Array.from({ length: poolSize }, () => pool.query('select 1')));
      }
      const started = performance.now();
      const deadline = started + seconds * 1000;
      const visitor = async () => {
        while (performance.now() < deadline) {
          const n = next++;
          const shape = shapeOf(n);
          const steps = stepsFor(shape);
          const begun = performance.now();
          try {
            await floorOrder(pool, setup, firstVisitor + n, shape, steps);
            times.push(performance.now() - begun);
            seats += shape.seats;
            statements += steps.length;
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
      const seatsTaken = taken?.rows[0]?.seats_taken ?? null;
      const perSecond = (n) => n / (measuredMs / 1000);
      const timing = { failed, durationMs: measuredMs, p50: percentile(times, 50), p99: percentile(times, 99), seatsTaken };
      if (unit === 'bookings') {
        return { concurrency, poolSize, statementsPerBooking: FREE_BOOKING_STEPS.length, booked: times.length, bookingsPerSecond: perSecond(times.length), ...timing };
      }
      return {
        concurrency,
        poolSize,
        statementsPerOrder: times.length ? statements / times.length : null,
        orders: times.length,
        seats,
        ordersPerSecond: perSecond(times.length),
        seatsPerSecond: perSecond(seats),
        ...timing,
      };
    },
    close: () => pool.end(),
  };
}
