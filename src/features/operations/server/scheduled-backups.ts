/**
 * The scheduled daily backup: once a day, across all instances, a backup file
 * in DATA_DIR/backups; the newest 14 are kept.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { jobLeases } from '../../../server/db/schema';
import { SCHEDULED_BACKUP_NAME, type ScheduledBackup } from '../operations.schema';
import { createBackup } from './backup.service';

export const DAILY_BACKUP_JOB = 'daily-backup';
export const BACKUPS_KEPT = 14;
/** Long enough for a large backup; a crashed holder's claim lapses after it. */
const LEASE_MS = 15 * 60_000;

export function backupsDir(dataDir: string): string {
  return join(resolve(dataDir), 'backups');
}

/** 'backup-2031-07-04.json' for the UTC day of `now`. */
export function scheduledBackupName(now: Date): string {
  return `backup-${now.toISOString().slice(0, 10)}.json`;
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Claims today's run: one conditional upsert, so of several instances asking at once exactly one
 * gets it, and none once today's run has finished (last_run_at is today) or while another holds
 * an unexpired lease.
 */
async function claimDailyRun(db: Database, holder: string, now: Date): Promise<boolean> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed = await db
    .insert(jobLeases)
    .values({ name: DAILY_BACKUP_JOB, holder, leaseUntil, lastRunAt: null })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, leaseUntil },
      setWhere: and(lt(jobLeases.leaseUntil, now), or(isNull(jobLeases.lastRunAt), lt(jobLeases.lastRunAt, startOfUtcDay(now)))),
    })
    .returning({ holder: jobLeases.holder });
  return claimed[0]?.holder === holder;
}

/** The scheduled backups' file names in `dir`, in no particular order; none when the folder is missing. */
async function scheduledBackupNames(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => SCHEDULED_BACKUP_NAME.test(name));
  } catch {
    return [];
  }
}

/** Deletes all but the newest `keep` scheduled backups; returns the names deleted. */
export async function pruneScheduledBackups(dataDir: string, keep = BACKUPS_KEPT): Promise<string[]> {
  const dir = backupsDir(dataDir);
  // The date in the name sorts as text.
  const old = (await scheduledBackupNames(dir))
    .sort()
    .reverse()
    .slice(keep);
  await Promise.all(old.map((name) => unlink(join(dir, name))));
  return old;
}

export type DailyBackupResult = { ran: false } | { ran: true; file: string; sizeBytes: number; deleted: string[] };

/**
 * The job: when this instance wins today's claim, writes today's backup (through a temporary file,
 * so a half-written backup never carries the final name) and prunes the old ones.
 */
export async function runDailyBackup(db: Database, options: { dataDir: string; secret: string; now?: Date; keep?: number }): Promise<DailyBackupResult> {
  const now = options.now ?? new Date();
  const holder = randomUUID();
  if (!(await claimDailyRun(db, holder, now))) return { ran: false };
  try {
    const dir = backupsDir(options.dataDir);
    await mkdir(dir, { recursive: true });
    const file = join(dir, scheduledBackupName(now));
    const body = JSON.stringify(await createBackup(db, { now, secret: options.secret }));
    const temporary = `${file}.${holder}.tmp`;
    await writeFile(temporary, body, { mode: 0o600 });
    await rename(temporary, file);
    const deleted = await pruneScheduledBackups(options.dataDir, options.keep ?? BACKUPS_KEPT);
    await db
      .update(jobLeases)
      .set({ lastRunAt: now, leaseUntil: now })
      .where(and(eq(jobLeases.name, DAILY_BACKUP_JOB), eq(jobLeases.holder, holder)));
    return { ran: true, file, sizeBytes: Buffer.byteLength(body), deleted };
  } catch (error) {
    // Give the claim back so the next check (or another instance) tries again today.
    await db
      .update(jobLeases)
      .set({ leaseUntil: sql`to_timestamp(0)` })
      .where(and(eq(jobLeases.name, DAILY_BACKUP_JOB), eq(jobLeases.holder, holder)))
      .catch(() => undefined);
    throw error;
  }
}

/** The scheduled backups on this instance's disk, newest first. */
export async function listScheduledBackups(dataDir: string): Promise<ScheduledBackup[]> {
  const dir = backupsDir(dataDir);
  const files = await Promise.all(
    (await scheduledBackupNames(dir)).map(async (name) => {
      const info = await stat(join(dir, name));
      return { name, sizeBytes: info.size, createdAt: info.mtime.toISOString() };
    }),
  );
  return files.sort((a, b) => b.name.localeCompare(a.name));
}

/** The full path of a scheduled backup, or null when there is none by that name. */
export async function scheduledBackupPath(dataDir: string, name: string): Promise<string | null> {
  if (!SCHEDULED_BACKUP_NAME.test(name)) return null;
  const file = join(backupsDir(dataDir), name);
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}
