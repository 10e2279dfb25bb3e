// Building, starting and stopping the built server for `npm run bench` and `npm run lighthouse`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { newestMtime } from '../newest-mtime.mjs';

/** The build to measure: dist/ unless BENCH_DIST names a copy (its server/ and client/ folders). */
export const DIST = process.env.BENCH_DIST || 'dist';
export const SERVER_ENTRY = join(DIST, 'server/server.js');
const BUILT_FILES = [SERVER_ENTRY, join(DIST, 'client/index.html')];

/**
 * Builds when there is no build; when src/ changed after the last build, says so but measures the
 * build as it is (BENCH_BUILD=1 rebuilds first), since the figures belong to what is built.
 */
export function ensureBuilt(log = console.log) {
  const built = BUILT_FILES.every((file) => existsSync(file));
  if (DIST !== 'dist') {
    if (!built) throw new Error(`BENCH_DIST=${DIST} holds no build (server/server.js and client/index.html)`);
    return;
  }
  const stale = built && newestMtime('src') > statSync(SERVER_ENTRY).mtimeMs;
  if (!built || process.env.BENCH_BUILD === '1') {
    log(built ? 'Rebuilding (BENCH_BUILD=1)…' : 'No build yet: running npm run build…');
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  } else if (stale) {
    log('Note: src/ changed since the last build; measuring the existing build (BENCH_BUILD=1 rebuilds first).');
  }
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak resident memory (VmHWM) of a process in MB, from /proc; null where /proc is missing. */
export function peakRssMb(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Resident memory (VmRSS) of a process and all its descendants in MB, from /proc; null where /proc is missing. */
export function treeRssMb(pid) {
  try {
    const children = new Map();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // The parent's pid is the second field after the command, which sits in parentheses.
        const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
        if (!children.has(parent)) children.set(parent, []);
        children.get(parent).push(Number(entry));
      } catch {
        // the process ended meanwhile
      }
    }
    let total = 0;
    const pending = [pid];
    while (pending.length > 0) {
      const next = pending.pop();
      try {
        total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${next}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      } catch {
        // the process ended meanwhile
      }
      pending.push(...(children.get(next) ?? []));
    }
    return total;
  } catch {
    return null;
  }
}

/**
 * A new, empty database on the PostgreSQL server that `serverUrl` names (like the tests' helper),
 * with a drop() that removes it again.
 */
export async function createPostgresDatabase(serverUrl) {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // The server has exited by now; FORCE only ends connections that are still closing.
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const BENCH_ADMIN = { email: 'bench-admin@bench.example', password: `bench-${randomBytes(12).toString('hex')}` };

/**
 * Starts `node dist/server/server.js` as a child process in production mode on a free port, with
 * demo content on a fresh embedded database in a temporary DATA_DIR (or on `databaseUrl`), and
 * waits until it answers. Its log goes to a file in that DATA_DIR.
 */
export async function startServer({ databaseUrl } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const logFile = join(dataDir, 'server.log');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // The bench is the load balancer: each simulated visitor's X-Forwarded-For counts.
    TRUST_PROXY: '127.0.0.1',
  };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete env[key];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (for finding hot spots).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  // While it starts, the server and any process it runs (the embedded database's first start makes
  // its data directory in a child process): their peak together, which the server's own VmHWM misses.
  let startPeakRssMb = null;
  for (;;) {
    const tree = treeRssMb(child.pid);
    if (tree !== null) startPeakRssMb = Math.max(startPeakRssMb ?? 0, tree);
    if (exited) throw new Error(`server exited during start-up (${JSON.stringify(exited)}); log:\n${readLog(logFile)}`);
    try {
      const response = await fetch(`${baseUrl}/api/workshop-dates`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 120 s; log:\n${readLog(logFile)}`);
    }
    await sleep(100);
  }

  return {
    baseUrl,
    port,
    /** The server's APP_SECRET, for signing the links its e-mails would carry (e.g. a pay link). */
    secret: env.APP_SECRET,
    pid: child.pid,
    logFile,
    peakRssMb: () => peakRssMb(child.pid),
    /** The highest VmRSS of the server and its child processes together while it started (sampled every 100 ms). */
    startPeakRssMb: () => startPeakRssMb,
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function readLog(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no log)';
  }
}
