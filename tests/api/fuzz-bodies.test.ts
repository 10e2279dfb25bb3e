import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorkshopDate } from '../helpers/factories';
import { adminUsers, bookings, contactMessages, settings, testimonials, discountCodes, emailOutbox, refundRequests, strategyNotes, workshopAssets, workshopTemplates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createSession, registeredRoutes } from '../../src/server/plugins/auth';
import { registerErrorHandler, UNSTORABLE_TEXT_MESSAGE } from '../../src/server/plugins/error-handler';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { csvEntities } from '../../src/features/admin-csv/admin-csv.schema';
import { createTestApp, loginAsAdmin } from '../helpers/test-app';

/**
 * Issue 14, "text at the edge": every POST/PUT/PATCH route of the real app gets a few dozen
 * generated JSON bodies (likely field names with hostile values: NUL, lone surrogates, very long
 * text, wrong types, nesting, __proto__ keys). None may answer 5xx, and every 4xx is JSON with a
 * string `message`. The routes come from the app's own table, so a new route is fuzzed without
 * touching this file; the field names come from the app's own zod schemas and its 400 answers.
 */

/** Fewer under `npm run mutate` (MUTATION_RUN, see vitest.mutate.config.ts): same seed, a prefix. */
const RUNS_PER_ROUTE = process.env.MUTATION_RUN ? 8 : 60;
const SEED = 42;

// Built at module level so the route table exists when the tests are collected.
const app = await createTestApp({ seed: true });
afterAll(async () => {
  await app.close();
});
const db = app.database.db;

// Rows behind the small ids the path parameters get: the seed has workshops, testimonials,
// announcements and blog posts; these add the rest (bookings, refunds, messages, notes…).
const date = await createWorkshopDate(db);
const person = (n: number) => ({ firstName: 'Ada', lastName: `Fuzz${n}`, email: `fuzz${n}@example.com` });
const bookingRows = await insertBookingsWithOrders(db, [1, 2, 3].map((n) => ({ workshopDateId: date.id, ...person(n), originalPriceCents: 49_900, finalPriceCents: 49_900, isPaid: n !== 3, status: n === 3 ? ('reserved' as const) : ('confirmed' as const) })));
await db.insert(refundRequests).values({ bookingId: bookingRows[0]!.id, reason: 'Cannot come' });
await db.insert(contactMessages).values([1, 2].map((n) => ({ name: 'Ada', email: `c${n}@example.com`, subject: 'Hello', message: 'A message long enough' })));
await db.insert(strategyNotes).values([1, 2].map((n) => ({ title: `Note ${n}`, content: 'Content' })));
await db.insert(discountCodes).values([1, 2].map((n) => ({ code: `FUZZ${n}`, description: 'Fuzz code', discountPercent: 10 })));
await db.insert(workshopAssets).values([1, 2].map((n) => ({ title: `Asset ${n}`, type: 'slides' as const, workshopDateId: date.id })));
await db.insert(workshopTemplates).values([1, 2].map((n) => ({ title: `Template ${n}` })));
await db.insert(emailOutbox).values([1, 2].map((n) => ({ to: `o${n}@example.com`, subject: 'S', html: '<p>x</p>', kind: 'fuzz', status: 'failed' as const })));

const { headers: adminHeaders } = await loginAsAdmin(app);
const [admin] = await db.select().from(adminUsers);
let sessionHeaders = adminHeaders;

// ---------------------------------------------------------------- the routes

const FUZZED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const routes = registeredRoutes(app).filter((route) => FUZZED_METHODS.has(route.method) && route.url.startsWith('/api/'));

/** A parameter's values: a CSV entity name for :entity, otherwise a small id of a row that exists. */
const paramValue = (name: string) => (name === 'entity' ? fc.constantFrom(...csvEntities) : fc.constantFrom('1', '2'));

function pathOf(pattern: string): fc.Arbitrary<string> {
  const names = [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  return fc
    .tuple(...names.map(paramValue))
    .map((values) => names.reduce((path, name, i) => path.replace(`:${name}`, values[i]!), pattern));
}

// ---------------------------------------------------------------- the field names

/** The children of a zod schema worth walking into: through optional, pipe, union, array… */
function childrenOf(schema: z.ZodType): unknown[] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  return [def.in, def.out, def.innerType, def.element, def.valueType, def.left, def.right, ...((def.options as unknown[] | undefined) ?? [])];
}

/** The values of the first enum in a field's schema, if it has one. */
function enumOptions(schema: unknown, depth = 0): string[] | null {
  if (!(schema instanceof z.ZodType) || depth > 4) return null;
  if (schema instanceof z.ZodEnum) return schema.options.map(String);
  for (const child of childrenOf(schema)) {
    const options = enumOptions(child, depth + 1);
    if (options) return options;
  }
  return null;
}

/** Every object key of a zod schema, nested ones too, and the values of those that are enums. */
function collectFields(schema: unknown, names: Set<string>, enums: Map<string, string[]>, seen = new Set<unknown>()): void {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
  seen.add(schema);
  if (schema instanceof z.ZodObject) {
    for (const [name, field] of Object.entries(schema.shape as Record<string, unknown>)) {
      names.add(name);
      const options = enumOptions(field);
      if (options && !enums.has(name)) enums.set(name, options);
      collectFields(field, names, enums, seen);
    }
  }
  for (const child of childrenOf(schema)) collectFields(child, names, enums, seen);
}

/** The field names (and enum values) used across the features' schemas: the dictionary every body draws from. */
const schemaModules = import.meta.glob<Record<string, unknown>>('../../src/features/**/*.schema.ts', { eager: true });
const fieldNames = new Set<string>();
const enumValues = new Map<string, string[]>();
for (const value of Object.values(schemaModules).flatMap((module) => Object.values(module))) collectFields(value, fieldNames, enumValues);
const allFieldNames = [...fieldNames].sort();

/** The fields a route requires, read from its 400 answer to an empty body. */
async function requiredFields(method: string, path: string): Promise<string[]> {
  const response = await app.inject({ method: method as 'POST', url: path, headers: sessionHeaders, payload: {} });
  if (!response.headers['content-type']?.toString().includes('json')) return [];
  const errors = (response.json() as { errors?: { path: string }[] }).errors ?? [];
  return [...new Set(errors.map((error) => error.path.split('.')[0]!).filter(Boolean))];
}

// ---------------------------------------------------------------- the values

const HOSTILE_TEXT = [
  '\u0000',
  'Ada\u0000Lovelace',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '\u202eevil\u202c',
  '\u200fשלום\u200f',
  '👩‍👩‍👧‍👦🎉',
  '\u0001\u0007\u001b[31m',
  ' ',
  '',
  '<script>alert(1)</script>',
  "'; drop table bookings; --",
  '__proto__',
  'x'.repeat(100_000),
];

/** A value that passes a field's usual checks, so a hostile one beside it reaches the database. */
function plausible(name: string): unknown {
  const choices = enumValues.get(name);
  if (choices) return choices[0];
  if (/email|^to$/i.test(name)) return 'ada@example.com';
  if (/url|image|link/i.test(name)) return 'https://example.com/a.png';
  if (/^(is|has|requires|clear)[A-Z]|enabled|subscribe|bcc/.test(name)) return true;
  if (/ids$/i.test(name)) return [1, 2];
  if (/(id|count|seats|sort|percent|uses|port|price|amount|total)$/i.test(name)) return 1;
  if (/date$/i.test(name)) return 'July 4, 2031';
  if (/time$/i.test(name)) return '10:00 AM - 12:00 PM';
  if (/at$/i.test(name)) return '2031-07-04T10:00:00Z';
  if (/code$/i.test(name)) return 'FUZZ1';
  return 'A plausible value for the field';
}

const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }));
const scalar = fc.oneof(hostileText, fc.integer(), fc.double(), fc.constantFrom(null, true, false, 0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER));
const key = fc.constantFrom(...allFieldNames);
const nested = fc.oneof(fc.dictionary(key, scalar, { maxKeys: 4 }), fc.array(scalar, { maxLength: 4 }), fc.array(fc.dictionary(key, scalar, { maxKeys: 3 }), { maxLength: 3 }));

/** A hostile value for a field: its plausible text with a bad character inside, or anything else. */
const hostileFor = (name: string): fc.Arbitrary<unknown> => {
  const base = String(plausible(name));
  const inserted = fc.constantFrom('\u0000', '\ud800', '\udc00', '\u202e', '🎉').map((bad) => `${base.slice(0, 3)}${bad}${base.slice(3)}`);
  return fc.oneof({ arbitrary: inserted, weight: 4 }, { arbitrary: scalar, weight: 3 }, { arbitrary: nested, weight: 1 });
};

/**
 * An object body with the route's required fields and a few others: either every field
 * plausible but one (so the hostile value gets as far as the database), or every field hostile.
 */
function objectFor(required: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record({ extra: fc.uniqueArray(key, { maxLength: 3 }), missing: fc.nat(9), allHostile: fc.nat(3), hostile: fc.nat(), proto: fc.nat(19) })
    .chain(({ extra, missing, allHostile, hostile, proto }) => {
      // Now and then one required field is missing.
      const names = [...new Set([...required.filter((_, i) => missing !== 0 || i !== 0), ...extra])];
      const values = names.map((name, i) => (allHostile === 0 || i === hostile % names.length ? hostileFor(name) : fc.constant(plausible(name))));
      return fc.tuple(...values).map((generated) => {
        const body: Record<string, unknown> = Object.fromEntries(names.map((name, i) => [name, generated[i]]));
        // An own "__proto__" key, as JSON.parse would make it: refused, never merged into the prototype.
        if (proto === 0) Object.defineProperty(body, '__proto__', { value: { isAdmin: true }, enumerable: true });
        return body;
      });
    });
}

/** A body: mostly an object (a plain one, or an import's rows), sometimes not an object at all. */
function bodyFor(required: string[]): fc.Arbitrary<unknown> {
  const object = objectFor(required);
  return fc.oneof(
    { arbitrary: object, weight: 12 },
    { arbitrary: fc.array(object, { minLength: 1, maxLength: 3 }).map((rows) => ({ rows })), weight: 1 },
    { arbitrary: fc.array(object, { minLength: 1, maxLength: 3 }), weight: 1 },
    { arbitrary: scalar, weight: 1 },
  );
}

// ---------------------------------------------------------------- the property

let request = 0;

async function send(method: string, path: string, body: unknown) {
  request += 1;
  const response = await app.inject({
    method: method as 'POST',
    url: path,
    // Each request from its own address, so the per-caller rate limits do not hide the body checks.
    remoteAddress: `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`,
    headers: { ...sessionHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  // A call that ended the admin session (sign-out) must not turn every later call into a 401.
  if (response.cookies.some((c) => c.name === 'sid' && c.value === '')) {
    const { token } = await createSession(db, { kind: 'admin', adminUserId: admin!.id });
    sessionHeaders = { ...adminHeaders, cookie: `sid=${token}` };
  }
  return response;
}

/**
 * A 4xx is JSON with a string message, except a page some routes answer by design (the one-click
 * unsubscribe link opens in a browser and shows a "broken link" page): a whole HTML document.
 */
function expectRefusal(response: { headers: Record<string, unknown>; body: string; json: () => { message?: unknown } }) {
  if (String(response.headers['content-type']).startsWith('text/html')) {
    expect(response.body).toMatch(/^<!doctype html>/i);
    return;
  }
  expect(typeof response.json().message).toBe('string');
}

describe('fuzzed JSON bodies', () => {
  it('reaches every state-changing route of the app', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /api/contact', 'POST /api/bookings', 'PUT /api/admin/blog-posts/:id']));
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s never answers 5xx, and every 4xx has a message', async (_name, route) => {
    const required = await requiredFields(route.method, route.url.replace(/:[A-Za-z0-9_]+/g, '1'));
    await fc.assert(
      fc.asyncProperty(pathOf(route.url), bodyFor(required), async (path, body) => {
        const response = await send(route.method, path, body);
        expect(response.statusCode, `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 300)} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expectRefusal(response);
      }),
      { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  });
});

describe('NUL and lone surrogates', () => {
  const BAD = [
    ['NUL', 'Ada\u0000'],
    ['a lone surrogate', 'Ada\ud800'],
  ] as const;

  const refused = async (method: 'POST' | 'PUT', url: string, payload: object, message: string, table: typeof bookings | typeof contactMessages | typeof testimonials) => {
    const before = await db.select().from(table);
    const response = await app.inject({ method, url, headers: sessionHeaders, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await db.select().from(table)).toEqual(before);
  };

  it.each(BAD)('in the booking form\'s first name (%s) is refused with the field\'s message, booking nothing', async (_name, bad) => {
    const booking = { workshopDateId: date.id, firstName: bad, lastName: 'Lovelace', email: 'nul@example.com', stripePaymentId: 'free-booking' };
    await refused('POST', '/api/bookings', booking, 'First name contains a character that is not allowed', bookings);
  });

  it.each(BAD)('in the contact form\'s message (%s) is refused with the field\'s message, storing nothing', async (_name, bad) => {
    const message = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Hello', message: `${bad} wants to book a team` };
    await refused('POST', '/api/contact', message, 'Message contains a character that is not allowed', contactMessages);
  });

  it.each(BAD)('in an admin form, a testimonial\'s name (%s), is refused with the field\'s message, changing nothing', async (_name, bad) => {
    await refused('POST', '/api/admin/testimonials', { name: bad, text: 'A fine workshop.' }, 'Name contains a character that is not allowed', testimonials);
    await refused('PUT', '/api/admin/testimonials/1', { name: bad }, 'Name contains a character that is not allowed', testimonials);
  });

  it.each(BAD)('in the mail settings (%s) are refused by the schema with the field\'s message, storing nothing', async (_name, bad) => {
    const before = await db.select().from(settings);
    const response = await app.inject({ method: 'POST', url: '/api/admin/settings', headers: sessionHeaders, payload: { emailHost: bad } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email host contains a character that is not allowed');
    expect(await db.select().from(settings)).toEqual(before);
  });

  // The last line behind the schemas: text the database refuses answers 400 without details.
  it.each([
    ['invalid byte sequence (22021)', '22021'],
    ['unsupported Unicode escape (22P05)', '22P05'],
  ])('that reach the database anyway (%s) answer 400 without details', async (_name, code) => {
    const probe = Fastify({ logger: false });
    registerErrorHandler(probe);
    probe.get('/probe', async () => {
      throw new DrizzleQueryError('insert into "settings" …', [], Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code }));
    });
    const response = await probe.inject('/probe');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGE });
    await probe.close();
  });
});
