// The measurements of `npm run bench`: read load with autocannon beside a raw node:http server,
// the booking rush and the sustained booking run, all over real HTTP against the built server.
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { BENCH_ADMIN } from './server.mjs';
import { countStatuses, orderAttendees, percentile, serverErrors, visitorAddress } from './stats.mjs';

// One socket per simultaneous request, kept open between a visitor's calls like a browser's.
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** Closes the kept-alive sockets so the process can end. */
export const closeConnections = () => agent.destroy();

/** The headers the web client sends on every call. */
const clientHeaders = () => ({ 'x-client-source': 'web', 'x-request-time': String(Date.now()) });

/**
 * One HTTP call; resolves { status, body, headers, ms } and never rejects: a request that got
 * no answer has status 'error'.
 */
export function call(baseUrl, method, path, { json, headers = {}, bare = false } = {}) {
  const payload = json === undefined ? null : Buffer.from(JSON.stringify(json));
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest(
      new URL(path, baseUrl),
      {
        method,
        agent,
        headers: { ...(bare ? {} : clientHeaders()), ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}), ...headers },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode, headers: response.headers, body, ms: performance.now() - started });
        });
        response.on('error', (error) => resolve({ status: 'error', error, body: Buffer.alloc(0), headers: {}, ms: performance.now() - started }));
      },
    );
    request.on('error', (error) => resolve({ status: 'error', error, body: Buffer.alloc(0), headers: {}, ms: performance.now() - started }));
    request.end(payload ?? undefined);
  });
}

const parse = (answer) => {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return null;
  }
};

async function expectStatus(answerPromise, status, what) {
  const answer = await answerPromise;
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
  return parse(answer);
}

/** Signs the bench admin in; returns headers for admin calls. */
export async function adminSession(baseUrl) {
  const answer = await call(baseUrl, 'POST', '/api/auth/login2', { json: BENCH_ADMIN });
  const cookie = [answer.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]).find((pair) => /=./.test(pair));
  if (answer.status !== 200 || !cookie) throw new Error(`admin login failed: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
  return { cookie };
}

/** A bookable workshop date with `seats` seats, created through the admin API. */
export async function createWorkshopDate(baseUrl, admin, { title, seats }) {
  const body = { title, date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: seats, price: 499, isActive: true };
  const created = await expectStatus(call(baseUrl, 'POST', '/api/admin/workshop-dates', { json: body, headers: admin }), 201, 'create workshop date');
  return created.id;
}

/** A 100 % discount code without a use limit, created through the admin API. */
export async function createFreeCode(baseUrl, admin, code) {
  const body = { code, description: 'Benchmark: free seats', discountPercent: 100, maxUses: null, expiresAt: null, isActive: true };
  await expectStatus(call(baseUrl, 'POST', '/api/admin/discount-codes', { json: body, headers: admin }), 201, 'create discount code');
  return code;
}

/** The brand name saved in Settings › General, as the server renders its pages with it. */
export async function savedBrandName(baseUrl, admin) {
  const saved = await expectStatus(call(baseUrl, 'GET', '/api/admin/settings', { headers: admin }), 200, 'admin settings');
  return saved.brandName;
}

/** seatsTaken of a date as the admin list shows it (read from the database, not from our counts). */
export async function seatsTaken(baseUrl, admin, dateId) {
  const list = await expectStatus(call(baseUrl, 'GET', '/api/admin/workshop-dates', { headers: admin }), 200, 'admin workshop list');
  return list.find((date) => date.id === dateId)?.seatsTaken ?? null;
}

/**
 * One visitor's free checkout, as the browser does it: price the seat (POST
 * /api/create-payment-intent), then book it with the code (POST /api/bookings, 'free-booking').
 * Each visitor has its own address (X-Forwarded-For).
 */
export async function freeCheckout(baseUrl, { visitor, dateId, code, tag }) {
  const headers = { 'x-forwarded-for': visitorAddress(visitor) };
  const customer = { firstName: 'Bench', lastName: 'Visitor', email: `${tag}-${visitor}@bench.example`, company: '' };
  const started = performance.now();
  const statuses = [];
  const intent = await call(baseUrl, 'POST', '/api/create-payment-intent', {
    json: { workshopDateId: dateId, customerInfo: customer, discountCode: code, subscribedToNewsletter: true },
    headers,
  });
  statuses.push(intent.status);
  let booked = false;
  if (intent.status === 200 && parse(intent)?.isFree === true) {
    const booking = await call(baseUrl, 'POST', '/api/bookings', {
      json: { workshopDateId: dateId, ...customer, discountCode: code, paymentMode: 'pay_now', subscribedToNewsletter: true, stripePaymentId: 'free-booking', isPaid: false, finalPrice: 0 },
      headers,
    });
    statuses.push(booking.status);
    booked = booking.status === 201;
  }
  return { booked, statuses, ms: performance.now() - started };
}

/**
 * One visitor's free order of `shape` = { seats, named }, as the browser places it: price the
 * seats with the code (POST /api/create-payment-intent with `seats` and `attendees`), then place
 * the order (POST /api/bookings, 'free-booking'). The buyer is named on the first seat, colleagues
 * on the next ones (orderAttendees), the rest are unnamed.
 */
export async function freeOrder(baseUrl, { visitor, dateId, code, tag, shape }) {
  const headers = { 'x-forwarded-for': visitorAddress(visitor) };
  const customer = { firstName: 'Bench', lastName: 'Visitor', email: `${tag}-${visitor}@bench.example`, company: '' };
  const order = { seats: shape.seats, attendees: orderAttendees(shape, customer) };
  const started = performance.now();
  const statuses = [];
  const intent = await call(baseUrl, 'POST', '/api/create-payment-intent', {
    json: { workshopDateId: dateId, customerInfo: customer, discountCode: code, subscribedToNewsletter: true, ...order },
    headers,
  });
  statuses.push(intent.status);
  let booked = false;
  if (intent.status === 200 && parse(intent)?.isFree === true) {
    const placed = await call(baseUrl, 'POST', '/api/bookings', {
      json: { workshopDateId: dateId, ...customer, discountCode: code, paymentMode: 'pay_now', subscribedToNewsletter: true, stripePaymentId: 'free-booking', isPaid: false, finalPrice: 0, ...order },
      headers,
    });
    statuses.push(placed.status);
    booked = placed.status === 201;
  }
  return { booked, seats: shape.seats, statuses, ms: performance.now() - started };
}

function tally(outcomes) {
  const statuses = outcomes.flatMap((outcome) => outcome.statuses);
  const counts = countStatuses(statuses);
  return { statusCounts: counts, serverErrors: serverErrors(counts), networkErrors: counts.error ?? 0 };
}

/** `attempts` visitors at once on a date with `seats` seats. */
export async function bookingRush(baseUrl, admin, code, { seats, attempts }) {
  const dateId = await createWorkshopDate(baseUrl, admin, { title: 'Benchmark rush', seats });
  const started = performance.now();
  const outcomes = await Promise.all(Array.from({ length: attempts }, (_, visitor) => freeCheckout(baseUrl, { visitor, dateId, code, tag: 'rush' })));
  const durationMs = performance.now() - started;
  return {
    seats,
    attempts,
    winners: outcomes.filter((outcome) => outcome.booked).length,
    seatsTaken: await seatsTaken(baseUrl, admin, dateId),
    durationMs,
    ...tally(outcomes),
  };
}

/**
 * `count` checkouts (`checkout(n, dateId)` places the n-th) by `concurrency` visitors at a time on a
 * date with `seats` seats. With `slices`, the run stops that many times (after an equal share of the
 * checkouts) and awaits `afterSlice({ dateId, seconds })` before going on: the database floor
 * takes its turn there, so both meet the same machine (it is shared and noisy). Only the
 * checkouts' own time is counted.
 */
async function sustainedRun(baseUrl, admin, { title, seats, count, concurrency, slices = 1, afterSlice, checkout }) {
  const dateId = await createWorkshopDate(baseUrl, admin, { title, seats });
  const outcomes = [];
  let next = 0;
  let seconds = 0;
  for (let slice = 1; slice <= slices; slice++) {
    const until = Math.round((count * slice) / slices);
    const started = performance.now();
    const client = async () => {
      while (next < until) outcomes.push(await checkout(next++, dateId));
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    const sliceSeconds = (performance.now() - started) / 1000;
    seconds += sliceSeconds;
    await afterSlice?.({ dateId, seconds: sliceSeconds });
  }
  const times = outcomes.map((outcome) => outcome.ms);
  return { dateId, outcomes, seconds, p50: percentile(times, 50), p99: percentile(times, 99), seatsTaken: await seatsTaken(baseUrl, admin, dateId) };
}

/** `bookings` free one-seat checkouts by `concurrency` visitors at a time (see sustainedRun). */
export async function sustainedBookings(baseUrl, admin, code, { seats, bookings, concurrency, slices = 1, afterSlice }) {
  const checkout = (n, dateId) => freeCheckout(baseUrl, { visitor: 100_000 + n, dateId, code, tag: 'sustained' });
  const run = await sustainedRun(baseUrl, admin, { title: 'Benchmark sustained', seats, count: bookings, concurrency, slices, afterSlice, checkout });
  const booked = run.outcomes.filter((outcome) => outcome.booked).length;
  return {
    dateId: run.dateId,
    seats,
    attempts: bookings,
    concurrency,
    slices,
    booked,
    durationMs: run.seconds * 1000,
    bookingsPerSecond: booked / run.seconds,
    p50: run.p50,
    p99: run.p99,
    seatsTaken: run.seatsTaken,
    ...tally(run.outcomes),
  };
}

/**
 * `orders` free orders, the n-th of shapeOf(n) (1–10 seats), by `concurrency` visitors at a time
 * on a date with `seats` seats (see sustainedRun).
 */
export async function sustainedOrders(baseUrl, admin, code, { seats, orders, concurrency, slices = 1, afterSlice, shapeOf }) {
  const checkout = (n, dateId) => freeOrder(baseUrl, { visitor: 300_000 + n, dateId, code, tag: 'order', shape: shapeOf(n) });
  const run = await sustainedRun(baseUrl, admin, { title: 'Benchmark orders', seats, count: orders, concurrency, slices, afterSlice, checkout });
  const placed = run.outcomes.filter((outcome) => outcome.booked);
  const seatsPlaced = placed.reduce((sum, outcome) => sum + outcome.seats, 0);
  return {
    dateId: run.dateId,
    attempts: orders,
    seatsAsked: run.outcomes.reduce((sum, outcome) => sum + outcome.seats, 0),
    concurrency,
    slices,
    placed: placed.length,
    durationMs: run.seconds * 1000,
    ordersPerSecond: placed.length / run.seconds,
    seatsPerSecond: seatsPlaced / run.seconds,
    p50: run.p50,
    p99: run.p99,
    seatsTaken: run.seatsTaken,
    ...tally(run.outcomes),
  };
}

/** The raw baseline server, answering `routes` ({ path: { body: Buffer, contentType } }). */
export async function startRawServer(routes) {
  const child = fork(new URL('./raw-server.mjs', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const message = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`raw server exited (${code})`)));
  });
  child.send({ routes: Object.fromEntries(Object.entries(routes).map(([path, route]) => [path, { body: route.body.toString('base64'), contentType: route.contentType }])) });
  const { port } = await message;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.disconnect();
      }),
  };
}

/** One autocannon run against a URL; every response time (ms) is pushed to `times`. */
async function cannon(url, { connections, seconds }, times) {
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  return { requests: result.requests.total, seconds: result.duration, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/**
 * Read load on each route, the app and the raw server taking turns in `slices` slices each, so
 * that a change in the machine's load hits both alike; each after a short warm-up. The raw server
 * answers the bytes and Content-Type the app gave for that route. req/s is all answers over all
 * the seconds measured; p50 and p99 come from every response time.
 */
export async function readLoad(baseUrl, routes, { connections, seconds, warmupSeconds, slices = 4 }) {
  const captured = {};
  for (const route of routes) {
    const answer = await call(baseUrl, 'GET', route, { bare: true });
    if (answer.status !== 200) throw new Error(`GET ${route} answered ${answer.status}`);
    captured[route] = { body: answer.body, contentType: answer.headers['content-type'] };
  }
  const raw = await startRawServer(captured);
  try {
    const reads = [];
    for (const route of routes) {
      const origins = { app: baseUrl, raw: raw.baseUrl };
      if (warmupSeconds > 0) for (const origin of Object.values(origins)) await cannon(`${origin}${route}`, { connections, seconds: warmupSeconds }, []);
      const totals = {};
      for (const name of Object.keys(origins)) totals[name] = { requests: 0, seconds: 0, non2xx: 0, errors: 0, times: [] };
      const sliceSeconds = Math.max(1, Math.round(seconds / slices));
      for (let slice = 0; slice < slices; slice++) {
        for (const [name, origin] of Object.entries(origins)) {
          const total = totals[name];
          const run = await cannon(`${origin}${route}`, { connections, seconds: sliceSeconds }, total.times);
          total.requests += run.requests;
          total.seconds += run.seconds;
          total.non2xx += run.non2xx;
          total.errors += run.errors;
        }
      }
      const figures = ({ requests, seconds: measured, non2xx, errors, times }) => ({
        requestsPerSecond: requests / measured,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        requests,
        non2xx,
        errors,
      });
      const app = figures(totals.app);
      const rawFigures = figures(totals.raw);
      reads.push({
        route,
        bytes: captured[route].body.length,
        contentType: captured[route].contentType,
        app,
        raw: rawFigures,
        ratio: app.requestsPerSecond / rawFigures.requestsPerSecond,
      });
    }
    return reads;
  } finally {
    await raw.stop();
  }
}

/**
 * One client replaying a paid booking's payment id to POST /api/bookings as fast as it can, in
 * its own process (replay-client.mjs), until stop() is called; stop() answers its counts.
 */
function startReplay(baseUrl, { body, address }) {
  const child = fork(new URL('./replay-client.mjs', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ baseUrl, body, address });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => code !== 0 && reject(new Error(`replay client exited (${code})`)));
        child.send('stop');
      }),
  };
}

/**
 * GET `route` with `connections` connections, quiet and while one client replays a paid booking
 * (startReplay), taking turns in `slices` slices so a change in the machine's load hits both
 * alike. The booking is paid with the demo card first, from the replaying client's address.
 */
export async function readUnderReplay(baseUrl, admin, { route, connections, seconds, warmupSeconds, slices = 4 }) {
  const dateId = await createWorkshopDate(baseUrl, admin, { title: 'Benchmark replay', seats: 10 });
  const address = visitorAddress(900_000);
  const customer = { firstName: 'Bench', lastName: 'Replayer', email: 'replayer@bench.example', company: '' };
  const headers = { 'x-forwarded-for': address };
  const intent = await expectStatus(call(baseUrl, 'POST', '/api/create-payment-intent', { json: { workshopDateId: dateId, customerInfo: customer }, headers }), 200, 'replay: payment');
  await expectStatus(call(baseUrl, 'POST', '/api/payments/demo/confirm', { json: { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, headers }), 200, 'replay: demo card');
  const body = { workshopDateId: dateId, ...customer, stripePaymentId: intent.paymentIntentId, isPaid: true };

  const url = `${baseUrl}${route}`;
  if (warmupSeconds > 0) await cannon(url, { connections, seconds: warmupSeconds }, []);
  const totals = { quiet: { requests: 0, seconds: 0, times: [] }, replayed: { requests: 0, seconds: 0, times: [] } };
  const replayStatuses = {};
  let replaySeconds = 0;
  const sliceSeconds = Math.max(1, Math.round(seconds / slices));
  for (let slice = 0; slice < slices; slice++) {
    const quiet = await cannon(url, { connections, seconds: sliceSeconds }, totals.quiet.times);
    totals.quiet.requests += quiet.requests;
    totals.quiet.seconds += quiet.seconds;
    const replay = startReplay(baseUrl, { body, address });
    const replayed = await cannon(url, { connections, seconds: sliceSeconds }, totals.replayed.times);
    const { statuses, seconds: replayedFor } = await replay.stop();
    for (const [status, count] of Object.entries(statuses)) replayStatuses[status] = (replayStatuses[status] ?? 0) + count;
    replaySeconds += replayedFor;
    totals.replayed.requests += replayed.requests;
    totals.replayed.seconds += replayed.seconds;
  }
  const figures = ({ requests, seconds: measured, times }) => ({ requestsPerSecond: requests / measured, p50: percentile(times, 50), p99: percentile(times, 99) });
  const total = (counts) => Object.values(counts).reduce((sum, n) => sum + n, 0);
  const quiet = figures(totals.quiet);
  const replayed = figures(totals.replayed);
  return {
    route,
    quiet,
    replayed,
    ratio: replayed.requestsPerSecond / quiet.requestsPerSecond,
    replay: { requests: total(replayStatuses), perSecond: total(replayStatuses) / replaySeconds, statusCounts: replayStatuses },
  };
}

/**
 * A message to everyone on a date of `attendees` people: the date is filled with free orders of
 * 10 named seats (each seat its own address), then the organiser's message is sent `runs` times
 * (POST /api/admin/workshop-dates/{id}/messages: the log row and one outbox e-mail per address,
 * filled for each, in one transaction). Answers each send's time, as the admin waits for it.
 */
export async function messageToAttendees(baseUrl, admin, code, { attendees, runs }) {
  const dateId = await filledDate(baseUrl, admin, code, { title: 'Benchmark message', attendees, tag: 'message', firstVisitor: 900_000 });
  const html = '<p>Hi {{firstName}},</p><p>{{workshopTitle}} starts {{workshopDate}}. Join: <a href="{{zoomLink}}">the meeting</a>.</p><p><a href="{{participantLink}}">Your booking</a></p>';
  const sends = [];
  for (let run = 0; run < runs; run++) {
    const answer = await call(baseUrl, 'POST', `/api/admin/workshop-dates/${dateId}/messages`, { json: { subject: 'Tomorrow: {{workshopTitle}}', html }, headers: admin });
    const queued = answer.status === 202 ? parse(answer)?.queued : null;
    if (queued !== attendees) throw new Error(`message bench: expected 202 with ${attendees} queued, got ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    sends.push(answer.ms);
  }
  const sorted = [...sends].sort((a, b) => a - b);
  return { attendees, runs, sendsMs: sends, medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted[sorted.length - 1] };
}

/**
 * A date of `attendees` people, filled with free orders of 10 named seats (each seat its own
 * address), 10 orders at a time; answers its id.
 */
async function filledDate(baseUrl, admin, code, { title, attendees, tag, firstVisitor }) {
  const dateId = await createWorkshopDate(baseUrl, admin, { title, seats: attendees });
  const shape = { seats: 10, named: 10 };
  const orders = Math.ceil(attendees / shape.seats);
  for (let first = 0; first < orders; first += 10) {
    const batch = Array.from({ length: Math.min(10, orders - first) }, (_, i) => freeOrder(baseUrl, { visitor: firstVisitor + first + i, dateId, code, tag, shape }));
    const placed = await Promise.all(batch);
    if (placed.some((order) => !order.booked)) throw new Error(`${tag} bench: an order was not placed (${placed.map((order) => order.statuses.join('/')).join(', ')})`);
  }
  return dateId;
}

/**
 * A date's roster of `attendees` seats (GET /api/admin/workshop-dates/{id}/roster, one query),
 * read `warmup` times unmeasured, then `reads` times one after another, as an organiser's screen
 * reads it. Answers p50 and p95 of the measured reads.
 */
export async function rosterReads(baseUrl, admin, code, { attendees, warmup, reads }) {
  const dateId = await filledDate(baseUrl, admin, code, { title: 'Benchmark roster', attendees, tag: 'roster', firstVisitor: 950_000 });
  const path = `/api/admin/workshop-dates/${dateId}/roster`;
  const times = [];
  for (let n = 0; n < warmup + reads; n++) {
    const answer = await call(baseUrl, 'GET', path, { headers: admin });
    const listed = answer.status === 200 ? parse(answer)?.attendees?.length : null;
    if (listed !== attendees) throw new Error(`roster bench: expected 200 with ${attendees} attendees, got ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    if (n >= warmup) times.push(answer.ms);
  }
  return { attendees, reads, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}
