// `npm run bench` (issue 7): the built server under load, on a fresh embedded database and, when
// TEST_DATABASE_URL names a PostgreSQL server, again on a fresh database there, followed by the
// database's floor: the statements of one free booking replayed straight through `pg` at the same
// concurrency on that database (issue 15, point 9; scripts/bench/db-floor.mjs). Prints one table, writes
// bench/results.json and exits 1 when a target is missed.
//
// Environment: BENCH_DURATION (seconds per read measurement, default 20), BENCH_WARMUP (seconds,
// default 3), BENCH_BUILD=1 (rebuild first), TEST_DATABASE_URL (postgres://… server to add),
// BENCH_CPU_PROF=<dir> (the server writes a V8 CPU profile there when it stops), BENCH_DIST=<dir>
// (measure a copy of dist/ holding server/ and client/, e.g. while others rebuild dist/).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { adminSession, bookingRush, closeConnections, createFreeCode, readLoad, sustainedBookings } from './bench/load.mjs';
import { databaseFloor } from './bench/db-floor.mjs';
import { createPostgresDatabase, ensureBuilt, startServer } from './bench/server.mjs';
import { BENCH_TARGETS, checkTargets, formatTable, resultRows, round } from './bench/stats.mjs';

const settings = {
  readRoutes: ['/api/workshop-dates', '/'],
  connections: 50,
  durationSeconds: Number(process.env.BENCH_DURATION ?? 20),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  /** The app and the raw server take turns this many times per route (same load for both). */
  readSlices: 4,
  rush: { seats: 20, attempts: 1000 },
  sustained: { seats: 10_000, bookings: 2000, concurrency: 50 },
  floor:
    'PostgreSQL only, after the server has stopped: the statements of one free booking (db-floor.mjs, FREE_BOOKING_STEPS) ' +
    'straight through pg on a pool of 10 connections (the server\'s default), as many visitors at a time as the sustained run, ' +
    'for as long as it took, on a copy of its workshop date with the same code',
  clients:
    'each simulated visitor sends its own X-Forwarded-For address (the app trusts the proxy header), ' +
    'so the per-address limit on seat holds (120 a minute) applies per visitor as in real traffic',
};

/** The sustained run's free code; the floor books with it too. */
const FREE_CODE = 'BENCHFREE';
/** The floor runs as long as the HTTP sustained run took, and at least this long. */
const MIN_FLOOR_SECONDS = 3;

const load = () => loadavg().map((value) => round(value, 2));
const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function benchOne(kind, databaseUrl) {
  log(`${kind}: starting the built server`);
  const server = await startServer({ databaseUrl });
  let figures;
  try {
    const loadBefore = load();
    log(`${kind}: read load, ${settings.connections} connections × ${settings.durationSeconds} s per route (app and raw node:http taking turns)`);
    const reads = await readLoad(server.baseUrl, settings.readRoutes, {
      connections: settings.connections,
      seconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      slices: settings.readSlices,
    });
    const admin = await adminSession(server.baseUrl);
    const code = await createFreeCode(server.baseUrl, admin, FREE_CODE);
    log(`${kind}: booking rush, ${settings.rush.attempts} visitors at once for ${settings.rush.seats} seats`);
    const rush = await bookingRush(server.baseUrl, admin, code, settings.rush);
    log(`${kind}: sustained, ${settings.sustained.bookings} free bookings by ${settings.sustained.concurrency} visitors at a time`);
    const sustained = await sustainedBookings(server.baseUrl, admin, code, settings.sustained);
    figures = { kind, reads, rush, sustained, floor: null, peakRssMb: server.peakRssMb(), loadAverage: { before: loadBefore, after: load() } };
  } finally {
    await server.stop();
  }
  if (databaseUrl) {
    // With the server stopped, so the database and the two cores serve the floor alone.
    const seconds = Math.max(MIN_FLOOR_SECONDS, Math.ceil(figures.sustained.durationMs / 1000));
    const { concurrency } = settings.sustained;
    log(`${kind}: database floor, one free booking's statements straight through pg, ${concurrency} at a time for ${seconds} s`);
    figures.floor = await databaseFloor(databaseUrl, { sustainedDateId: figures.sustained.dateId, code: FREE_CODE, concurrency, seconds });
  }
  return figures;
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
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(closeConnections);
