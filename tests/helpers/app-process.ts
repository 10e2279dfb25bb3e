/**
 * The real server (src/app/server/server.ts, run from source through tsx) as a separate OS process,
 * the way it runs in production behind a load balancer: its own event loop, connection pool,
 * outbox worker and background sweep. For tests that need more than one instance on one
 * PostgreSQL database (app.inject cannot show that: it shares this process's everything).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SERVER_ENTRY = 'src/app/server/server.ts';
/** Kept of each process's stdout and stderr, for diagnostics: the tail is what matters. */
const MAX_OUTPUT_CHARS = 1_000_000;

/**
 * Preloaded into the child: when this test process goes away without stopping it (a crashed or
 * killed worker), its stdin pipe closes and the server shuts down instead of lingering on the
 * machine with a port and database connections.
 */
const EXIT_WITH_PARENT = `data:text/javascript,${encodeURIComponent(
  "process.stdin.on('end',()=>process.kill(process.pid,'SIGTERM'));process.stdin.on('error',()=>{});process.stdin.resume();",
)}`;

/** A port nobody listens on right now (the kernel picks it; a tiny window remains until the child binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

export type AppProcessOptions = {
  /** Names the process in error messages. */
  name: string;
  /** The server's environment (DATABASE_URL, APP_SECRET, SMTP_URL…); PORT, HOST, DATA_DIR, NODE_ENV and LOG_LEVEL have defaults. */
  env: Record<string, string>;
  /** How long start-up may take until GET `readyPath` answers 200. */
  readyTimeoutMs?: number;
  /**
   * What "started" means: GET /api/workshop-dates answers 200 (the default: the database is there
   * and migrated), or '/healthz' (the process serves, with or without its database).
   */
  readyPath?: '/api/workshop-dates' | '/healthz';
};

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/** A pino line the server wrote (JSON); `level` 40 warn, 50 error, 60 fatal. */
export type LogLine = { level: number; msg?: string; [key: string]: unknown };

export type AppProcess = {
  name: string;
  pid: number;
  port: number;
  baseUrl: string;
  /** When the process was spawned (epoch ms). */
  spawnedAt: number;
  /** When GET `readyPath` (by default /api/workshop-dates) first answered 200 (epoch ms). */
  readyAt: number;
  /** Everything the process wrote to stdout and stderr so far (the last MAX_OUTPUT_CHARS). */
  output: () => string;
  /** The JSON log lines at `minLevel` or above (50: errors and fatal). */
  logLines: (minLevel?: number) => LogLine[];
  /** Resolves when the process has exited, for whatever reason. */
  exited: Promise<ExitStatus>;
  /** SIGTERM (the server finishes requests in flight and closes), then SIGKILL after `graceMs`. Idempotent. */
  stop: (graceMs?: number) => Promise<ExitStatus>;
};

/** Spawns `node --import tsx src/app/server/server.ts` and waits until it serves requests (see readyPath). */
export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const port = options.env.PORT ? Number(options.env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `app-process-${options.name}-`));
  // Not this process's environment: a STRIPE_SECRET_KEY or DATABASE_URL of the developer's shell
  // must not change what the test starts.
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'].flatMap((key) => (process.env[key] ? [[key, process.env[key]!]] : [])),
  );
  const env = {
    ...inherited,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...options.env,
    PORT: String(port),
  };
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  let exitStatus: ExitStatus | null = null;
  const exited = new Promise<ExitStatus>((resolveExit) => {
    child.once('exit', (code, signal) => {
      exitStatus = { code, signal };
      rmSync(dataDir, { recursive: true, force: true });
      resolveExit(exitStatus);
    });
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const describe = () => `${options.name} (pid ${child.pid}, ${baseUrl})`;
  const tail = () => output.slice(-4000);

  let stopping: Promise<ExitStatus> | null = null;
  const stop = (graceMs = 15_000): Promise<ExitStatus> => {
    stopping ??= stopChild(child, exited, () => exitStatus, graceMs);
    return stopping;
  };

  try {
    const readyAt = await waitUntilReady(baseUrl, options.readyPath ?? '/api/workshop-dates', options.readyTimeoutMs ?? 45_000, () => exitStatus);
    return {
      name: options.name,
      pid: child.pid!,
      port,
      baseUrl,
      spawnedAt,
      readyAt,
      output: () => output,
      logLines: (minLevel = 50) => parseLogLines(output).filter((line) => line.level >= minLevel),
      exited,
      stop,
    };
  } catch (error) {
    await stop(2_000);
    throw new Error(`${describe()} did not start: ${(error as Error).message}\n--- its output ---\n${tail()}`);
  }
}

async function waitUntilReady(baseUrl: string, path: string, timeoutMs: number, exitStatus: () => ExitStatus | null): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = exitStatus();
    if (status) throw new Error(`it exited (code ${status.code}, signal ${status.signal})`);
    try {
      const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return Date.now();
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`no answer from GET ${path} within ${timeoutMs} ms`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

async function stopChild(child: ChildProcess, exited: Promise<ExitStatus>, exitStatus: () => ExitStatus | null, graceMs: number): Promise<ExitStatus> {
  if (exitStatus()) return exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!exitStatus()) child.kill('SIGKILL');
  }, graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
    child.stdin?.destroy();
  }
}

function parseLogLines(output: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of output.split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && typeof (parsed as LogLine).level === 'number') lines.push(parsed as LogLine);
    } catch {
      // A line cut by the output cap, or not a log line.
    }
  }
  return lines;
}
