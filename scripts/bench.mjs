// `npm run bench`: the built server under load (reads of the API and of the server-rendered
// landing page beside a raw node:http server sending the same bytes; the render time of each
// server-rendered page, scripts/bench/render.mjs), on a fresh embedded database and, when
// TEST_DATABASE_URL names a PostgreSQL server, again on a fresh database there, followed by the
// database's floor: the statements of one free booking replayed straight through `pg` at the same
// concurrency on that database (scripts/bench/db-floor.mjs); then free orders of
// 1–10 seats, beside the floor of the same orders. Prints one table, writes
// bench/results.json and exits 0, naming any missed target; BENCH_STRICT=1 makes a
// missed target exit 1, for a quiet machine whose figures should hold. A bench that cannot run exits 1.
//
// Environment: BENCH_DURATION (seconds per read measurement, default 20), BENCH_WARMUP (seconds,
// default 3), BENCH_BUILD=1 (rebuild first), TEST_DATABASE_URL (postgres://… server to add),
// BENCH_CPU_PROF=<dir> (the server writes a V8 CPU profile there when it stops), BENCH_DIST=<dir>
// (measure a copy of dist/ holding server/ and client/, e.g. while others rebuild dist/).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { adminSession, bookingRush, closeConnections, createFreeCode, messageToAttendees, readLoad, rosterReads, readUnderReplay, sustainedBookings, sustainedOrders } from './bench/load.mjs';
import { databaseFloor } from './bench/db-floor.mjs';
import { measureRenders } from './bench/render.mjs';
import { createPostgresDatabase, ensureBuilt, startServer } from './bench/server.mjs';
import { BENCH_TARGETS, checkTargets, formatTable, orderShape, resultRows, round } from './bench/stats.mjs';

const settings = {
  readRoutes: ['/api/workshop-dates', '/'],
  connections: 50,
  durationSeconds: Number(process.env.BENCH_DURATION ?? 20),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  /** The app and the raw server take turns this many times per route (same load for both). */
  readSlices: 4,
  rush: { seats: 20, attempts: 1000 },
  /** GET / quiet and while one client replays a paid booking to POST /api/bookings as fast as it can (one request at a time, one address). */
  replay: { route: '/' },
  /** On PostgreSQL the run is cut in `slices`, and the database floor takes a turn after each. */
  sustained: { seats: 10_000, bookings: 2000, concurrency: 50, slices: 4 },
  /**
   * Free orders of 1–10 seats (orderShape: 1, 2, … 10 seats in turn, about half of each order's
   * seats named, the buyer first), as many visitors at a time; on PostgreSQL cut in slices with the
   * floor of the same orders taking a turn after each, like the sustained bookings.
   */
  orders: { seats: 10_000, orders: 1000, concurrency: 50, slices: 4, mix: 'orderShape(n): 1 + n % 10 seats, ceil(seats / 2) named (the buyer first), the rest unnamed' },
  /** A message to everyone on a date of this many people (one e-mail each), sent `runs` times: the admin's wait for each. */
  message: { attendees: 500, runs: 5 },
  /** A date's roster of this many seats read `reads` times one after another (after `warmup` unmeasured): the p95 an organiser waits. */
  roster: { attendees: 500, warmup: 20, reads: 200 },
  floor:
    'PostgreSQL only: the statements of one free booking (db-floor.mjs, FREE_BOOKING_STEPS) straight through pg on a pool ' +
    'of 10 connections (the server\'s default), as many visitors at a time as the sustained run, on a copy of its workshop ' +
    'date with the same code; it takes a turn after each slice of the sustained run, as long as that slice took (the server idle)',
  clients:
    'each simulated visitor sends its own X-Forwarded-For address (the app trusts the proxy header), ' +
    'so the per-address limit on seat holds (120 a minute) applies per visitor as in real traffic',
};

/** The sustained run's free code; the floor books with it too. */
const FREE_CODE = 'BENCHFREE';

const load = () => loadavg().map((value) => round(value, 2));
const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function benchOne(kind, databaseUrl) {
  log(`${kind}: starting the built server`);
  const server = await startServer({ databaseUrl });
  try {
    const loadBefore = load();
    log(`${kind}: read load, ${settings.connections} connections × ${settings.durationSeconds} s per route (app and raw node:http taking turns)`);
    const reads = await readLoad(server.baseUrl, settings.readRoutes, {
      connections: settings.connections,
      seconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      slices: settings.readSlices,
    });
    log(`${kind}: the server's page renders`);
    const admin = await adminSession(server.baseUrl);
    const renders = await measureRenders(server.baseUrl, admin);
    log(`${kind}: GET ${settings.replay.route} quiet and while one client replays a booking as fast as it can`);
    const replay = await readUnderReplay(server.baseUrl, admin, {
      ...settings.replay,
      connections: settings.connections,
      seconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      slices: settings.readSlices,
    });
    const code = await createFreeCode(server.baseUrl, admin, FREE_CODE);
    log(`${kind}: booking rush, ${settings.rush.attempts} visitors at once for ${settings.rush.seats} seats`);
    const rush = await bookingRush(server.baseUrl, admin, code, settings.rush);
    // On PostgreSQL the database's floor takes turns with the HTTP run.
    const floor = databaseUrl ? databaseFloor(databaseUrl, { code: FREE_CODE, concurrency: settings.sustained.concurrency }) : null;
    try {
      const slices = floor ? settings.sustained.slices : 1;
      log(`${kind}: sustained, ${settings.sustained.bookings} free bookings by ${settings.sustained.concurrency} visitors at a time` + (floor ? `, in ${slices} slices, each followed by as long of the database floor (the same statements straight through pg)` : ''));
      const afterSlice = floor ? ({ dateId, seconds }) => floor.run({ sustainedDateId: dateId, seconds }) : undefined;
      const sustained = await sustainedBookings(server.baseUrl, admin, code, { ...settings.sustained, slices, afterSlice });
      const orders = await ordersRun(kind, server, admin, code, databaseUrl);
      log(`${kind}: a message to ${settings.message.attendees} attendees, ${settings.message.runs} times`);
      const message = await messageToAttendees(server.baseUrl, admin, code, settings.message);
      log(`${kind}: the roster of a date of ${settings.roster.attendees} seats, ${settings.roster.reads} reads`);
      const roster = await rosterReads(server.baseUrl, admin, code, settings.roster);
      return { kind, reads, replay, renders, rush, sustained, message, roster, floor: floor ? await floor.figures() : null, ...orders, peakRssMb: server.peakRssMb(), startPeakRssMb: server.startPeakRssMb(), loadAverage: { before: loadBefore, after: load() } };
    } finally {
      await floor?.close();
    }
  } finally {
    await server.stop();
  }
}

/**
 * The sustained orders (1–10 seats each) and, on PostgreSQL, the floor of the same orders taking
 * turns with them. The floor's date copy gets seats enough for its turns (it places orders faster).
 */
async function ordersRun(kind, server, admin, code, databaseUrl) {
  const { orders: run } = settings;
  const floor = databaseUrl
    ? databaseFloor(databaseUrl, { code: FREE_CODE, concurrency: run.concurrency, unit: 'orders', shapeOf: orderShape, seatsTotal: 10_000_000, firstVisitor: 400_000 })
    : null;
  try {
    const slices = floor ? run.slices : 1;
    log(`${kind}: orders, ${run.orders} free orders of 1–10 seats by ${run.concurrency} visitors at a time` + (floor ? `, in ${slices} slices, each followed by as long of the database floor for the same orders` : ''));
    const afterSlice = floor ? ({ dateId, seconds }) => floor.run({ sustainedDateId: dateId, seconds }) : undefined;
    const orders = await sustainedOrders(server.baseUrl, admin, code, { ...run, slices, afterSlice, shapeOf: orderShape });
    return { orders, ordersFloor: floor ? await floor.figures() : null };
  } finally {
    await floor?.close();
  }
}

async function main() {
  ensureBuilt(log);
  const startedAt = new Date();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: load(),
  };
  const byKind = {};
  byKind.embedded = await benchOne('embedded', undefined);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createPostgresDatabase(serverUrl);
    try {
      byKind.postgres = await benchOne('postgres', database.url);
    } finally {
      await database.drop();
    }
  } else {
    log('TEST_DATABASE_URL is not set: PostgreSQL skipped (its targets are not checked)');
  }
  machine.loadAverageAtEnd = load();

  const checks = Object.entries(byKind).flatMap(([kind, figures]) => checkTargets(kind, figures).map((check) => ({ database: kind, ...check })));
  const allMet = checks.every((check) => check.met);

  const { header, rows } = resultRows(byKind);
  console.log('');
  console.log(formatTable(header, rows));
  console.log('');
  console.log(formatTable(['target', 'database', 'value', 'met'], checks.map((check) => [check.name, check.database, String(check.value), check.met ? 'yes' : 'MISSED'])));
  console.log('');
  console.log(`Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, node ${machine.node}; load average ${machine.loadAverageAtStart.join(' ')} at start, ${machine.loadAverageAtEnd.join(' ')} at end.`);
  console.log(`Clients: ${settings.clients}.`);

  mkdirSync('bench', { recursive: true });
  const results = {
    date: startedAt.toISOString(),
    durationSeconds: round((Date.now() - startedAt.getTime()) / 1000),
    machine,
    settings,
    targets: BENCH_TARGETS,
    databases: byKind,
    checks,
    allTargetsMet: allMet,
  };
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log('Written to bench/results.json.');
  if (!allMet) {
    console.log(`Missed: ${checks.filter((check) => !check.met).map((check) => `${check.database} ${check.name} (${check.value})`).join('; ')}`);
    // Shared machines miss absolute targets under others' load; the ratios in the table say more.
    if (process.env.BENCH_STRICT === '1') process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(closeConnections);
