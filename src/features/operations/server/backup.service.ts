/**
 * Backup and restore: every table of schema.ts as one JSON file,
 * and a restore from that file that replaces everything in one transaction, all or nothing.
 *
 * The table list is not written by hand: it is every PgTable that schema.ts exports, ordered so a
 * table comes after the tables it references. A table added to the schema is in the next backup.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import journal from '../../../server/db/migrations/meta/_journal.json';
import type { Database } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import { adminUsers, sessions, uploadedFiles } from '../../../server/db/schema';
import { detectImageType, imageTypeOfStoredName } from '../../uploads/server';
import { sealOutboxTokens } from './sealed-outbox';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  BACKUP_FORMAT,
  BACKUP_NO_ADMIN,
  BACKUP_NO_TABLES,
  BACKUP_NO_VERSION,
  BACKUP_NOT_JSON,
  BACKUP_WRONG_FORMAT,
  backupBadRow,
  backupBadUpload,
  backupFromNewerVersion,
  backupMissingTable,
  backupRejectedByDatabase,
  backupUnknownTable,
  type BackupFile,
  type RestoreResponse,
} from '../operations.schema';

// ---------------------------------------------------------------- the schema's tables

/** The tag of the newest migration: what a backup calls its schema version. */
export const SCHEMA_VERSION: string = journal.entries.reduce((latest, entry) => (entry.idx > latest.idx ? entry : latest)).tag;

/** '0001_demo_payments' → 1; null when the text is not a migration tag. */
export function schemaVersionNumber(tag: string): number | null {
  const match = /^(\d{4,})_[A-Za-z0-9_]+$/.exec(tag);
  return match ? Number(match[1]) : null;
}

/** Tables ordered so each comes after the tables its foreign keys point to (self-references aside). */
export function orderByDependencies(tables: PgTable[]): PgTable[] {
  const ordered: PgTable[] = [];
  const placed = new Set<PgTable>();
  const visiting = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (placed.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const target = foreignKey.reference().foreignTable;
      if (target !== table && tables.includes(target)) visit(target);
    }
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  // Alphabetical first, so the order is the same whatever order schema.ts declares things in.
  [...tables].sort((a, b) => getTableName(a).localeCompare(getTableName(b))).forEach(visit);
  return ordered;
}

/** Every table schema.ts exports, parents before children. */
export const BACKUP_TABLES: readonly PgTable[] = orderByDependencies((Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)));

export const BACKUP_TABLE_NAMES: readonly string[] = BACKUP_TABLES.map((table) => getTableName(table));

/**
 * Sessions are in the backup (every table is) but a restore keeps the sessions of the moment, so
 * the admin who restores stays signed in: a restored session from the past would sign nobody in
 * usefully, and dropping today's would sign everyone out.
 */
const KEPT_ON_RESTORE = new Set<PgTable>([sessions]);

function primaryKeyColumns(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((column) => column.primary);
  return single.length > 0 ? single : (config.primaryKeys[0]?.columns ?? []);
}

function serialColumns(table: PgTable): PgColumn[] {
  return getTableConfig(table).columns.filter((column) => column.columnType === 'PgSerial');
}

/**
 * Binary columns (an image's bytes): in the file as base64 text, not as to_jsonb's hex (`\\x…`),
 * which would take twice the bytes it holds instead of a third more.
 */
function binaryColumns(table: PgTable): string[] {
  return getTableConfig(table)
    .columns.filter((column) => column.getSQLType() === 'bytea')
    .map((column) => column.name);
}

// ---------------------------------------------------------------- backup

/** `to_jsonb(t)` with each binary column as base64 text (null stays null). */
function rowJson(table: PgTable) {
  const binary = binaryColumns(table);
  if (binary.length === 0) return sql`to_jsonb(t)`;
  const without = sql`to_jsonb(t) - ${sql.raw(`array[${binary.map((name) => `'${name}'`).join(', ')}]::text[]`)}`;
  const encoded = binary.map((name) => sql`${name}::text, translate(encode(t.${sql.identifier(name)}, 'base64'), E'\n', '')`);
  return sql`(${without} || jsonb_build_object(${sql.join(encoded, sql`, `)}))`;
}

/**
 * Every row of every table, read in one snapshot so the file is consistent. Each row is the
 * database's own JSON of it (`to_jsonb`): column names as in the database, timestamps with their
 * full precision and zone, jsonb columns as JSON; binary columns (images) are base64. A restore
 * reads it back the same way, so a round trip changes nothing.
 */
export async function createBackup(db: Database, options: { secret: string; now?: Date }): Promise<BackupFile> {
  const now = options.now ?? new Date();
  const tables: BackupFile['tables'] = {};
  // A row queued before tokens were sealed still holds its links' tokens (start-up seals them, but
  // may not have finished): seal them first, so no backup carries one.
  await sealOutboxTokens(db, options.secret);
  await db.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        const name = getTableName(table);
        const keys = primaryKeyColumns(table).map((column) => sql`t.${sql.identifier(column.name)}`);
        const order = keys.length > 0 ? sql` order by ${sql.join(keys, sql`, `)}` : sql``;
        // Both drivers answer { rows }; jsonb arrives parsed.
        if (binaryColumns(table).length > 0) {
          // Row by row: one aggregate of every image would be one value of their total size,
          // and PostgreSQL caps a jsonb value at 255 MB.
          const result = await tx.execute(sql`select ${rowJson(table)} as row from ${sql.identifier(name)} t${order}`);
          tables[name] = (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows.map((entry) => entry.row);
          continue;
        }
        const result = await tx.execute(sql`select jsonb_agg(to_jsonb(t)${order}) as rows from ${sql.identifier(name)} t`);
        const [first] = (result as unknown as { rows: { rows: Record<string, unknown>[] | null }[] }).rows;
        tables[name] = first?.rows ?? [];
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { format: BACKUP_FORMAT, schemaVersion: SCHEMA_VERSION, createdAt: now.toISOString(), tables };
}

export function backupFileName(now: Date): string {
  return `workshop-seats-backup-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.json`;
}

// ---------------------------------------------------------------- restore

type PreparedTable = { table: PgTable; name: string; columns: string[]; rows: Record<string, unknown>[] };

/** A file that passed every check made before the database is touched (prepareRestore). */
export type PreparedRestore = {
  schemaVersion: string;
  /** When the file says it was made, as an ISO instant; null when it says nothing readable. */
  createdAt: string | null;
  tables: PreparedTable[];
};

/**
 * Columns a later migration dropped: a file made before the drop still has them, and they are
 * left out of its rows (their data has no place any more). Any other unknown field is refused.
 */
const DROPPED_COLUMNS: readonly { table: string; column: string; droppedIn: number }[] = [
  // The demo provider derives its client secrets from APP_SECRET instead (0005_sealed_tokens).
  { table: 'demo_payment_intents', column: 'client_secret', droppedIn: 5 },
];

function droppedBefore(version: number, table: string, column: string): boolean {
  return DROPPED_COLUMNS.some((dropped) => dropped.table === table && dropped.column === column && version < dropped.droppedIn);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Base64 as the backup writes it (whitespace aside); the length is checked too. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An uploaded image's row, checked as an upload is: /uploads serves these bytes on the site's own
 * origin, so a crafted file must not plant a page or a script there. The bytes must be the image
 * kind the stored name says; content_type and size_bytes become the bytes', whatever the file
 * claims, and the base64 is written back as decoded here, so the database stores exactly the
 * bytes checked. A row without bytes (a backup from before images moved into the database) gets
 * its name's type; start-up checks those bytes when it moves them in from disk.
 */
function checkUploadedFile(table: string, row: Record<string, unknown>, index: number): void {
  const storedName = row.stored_name;
  const named = typeof storedName === 'string' ? imageTypeOfStoredName(storedName) : null;
  const file = typeof storedName === 'string' ? JSON.stringify(storedName.slice(0, 80)) : `of row ${index + 1}`;
  const refuse = (problem: string) => new HttpError(400, backupBadUpload(table, file, problem));
  if (!named) throw refuse('does not have the name of an uploaded image (32 hex digits, then .png, .jpg, .gif or .webp)');
  row.content_type = named.contentType;
  if (row.data === undefined || row.data === null) return;
  const base64 = typeof row.data === 'string' ? row.data.replace(/\s+/g, '') : null;
  if (base64 === null || base64.length % 4 !== 0 || !BASE64.test(base64)) throw refuse('does not hold its bytes as base64');
  const bytes = Buffer.from(base64, 'base64');
  const detected = detectImageType(bytes);
  if (!detected) throw refuse('is not a PNG, JPEG, GIF or WebP image');
  if (detected.extension !== named.extension) throw refuse(`holds a .${detected.extension} image under a .${named.extension} name`);
  Object.assign(row, { data: bytes.toString('base64'), content_type: detected.contentType, size_bytes: bytes.length });
}

/**
 * Checks the whole file before anything is touched: its format, its schema version (a newer one is
 * refused: its data may not fit this schema), that every table is there and every field is a
 * column, and that every uploaded file is an image (checkUploadedFile). Other values (types,
 * constraints, references) are the database's to judge, inside the restore transaction.
 */
export function prepareRestore(input: unknown): PreparedRestore {
  let file = input;
  if (typeof file === 'string' || Buffer.isBuffer(file)) {
    try {
      file = JSON.parse(file.toString());
    } catch {
      throw new HttpError(400, BACKUP_NOT_JSON);
    }
  }
  if (!isPlainObject(file) || file.format !== BACKUP_FORMAT) throw new HttpError(400, BACKUP_WRONG_FORMAT);
  const version = typeof file.schemaVersion === 'string' ? schemaVersionNumber(file.schemaVersion) : null;
  if (version === null) throw new HttpError(400, BACKUP_NO_VERSION);
  if (version > (schemaVersionNumber(SCHEMA_VERSION) ?? 0)) {
    throw new HttpError(400, backupFromNewerVersion(String(file.schemaVersion), SCHEMA_VERSION));
  }
  if (!isPlainObject(file.tables)) throw new HttpError(400, BACKUP_NO_TABLES);
  const given = file.tables;
  for (const name of Object.keys(given)) {
    if (!BACKUP_TABLE_NAMES.includes(name)) throw new HttpError(400, backupUnknownTable(name));
  }

  const tables = BACKUP_TABLES.map((table): PreparedTable => {
    const name = getTableName(table);
    const rows = given[name];
    if (!Array.isArray(rows)) throw new HttpError(400, backupMissingTable(name));
    const known = new Set(getTableConfig(table).columns.map((column) => column.name));
    const columns = new Set<string>();
    rows.forEach((row: unknown, index) => {
      if (!isPlainObject(row)) throw new HttpError(400, backupBadRow(name, index, 'is not an object'));
      if (Object.keys(row).length === 0) throw new HttpError(400, backupBadRow(name, index, 'has no fields'));
      if (table === uploadedFiles) checkUploadedFile(name, row, index);
      for (const key of Object.keys(row)) {
        if (!known.has(key) && droppedBefore(version, name, key)) {
          delete row[key];
          continue;
        }
        if (!known.has(key)) throw new HttpError(400, backupBadRow(name, index, `has an unknown field "${key}"`));
        columns.add(key);
      }
    });
    return { table, name, columns: [...columns], rows: rows as Record<string, unknown>[] };
  });

  const admins = tables.find((prepared) => prepared.table === adminUsers);
  if (!admins || admins.rows.length === 0) throw new HttpError(400, BACKUP_NO_ADMIN);
  // Only informative (a restore does not use it), so an odd value is left out rather than refused.
  const createdAt = typeof file.createdAt === 'string' ? new Date(file.createdAt) : null;
  return {
    schemaVersion: String(file.schemaVersion),
    createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt.toISOString() : null,
    tables,
  };
}

/**
 * The rows a restore of the file puts back, per table in the order it writes them: what the
 * restore's answer counts and what an inspection of the file reports, so the two always agree.
 * Kept tables (sessions) are left out, as the restore leaves them as they are.
 */
export function restoredRowCounts(prepared: PreparedRestore): { table: PgTable; name: string; rows: number }[] {
  return prepared.tables.filter(({ table }) => !KEPT_ON_RESTORE.has(table)).map(({ table, name, rows }) => ({ table, name, rows: rows.length }));
}

/**
 * Rows per INSERT (one JSON parameter each), so no single statement carries a whole large table;
 * a chunk also ends once its JSON passes INSERT_CHUNK_CHARS (a few images).
 */
const INSERT_CHUNK = 2000;
const INSERT_CHUNK_CHARS = 16 * 1024 * 1024;

/** The rows as JSON texts of at most INSERT_CHUNK rows or about INSERT_CHUNK_CHARS each. */
function* jsonChunks(rows: Record<string, unknown>[]): Generator<string> {
  let parts: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (parts.length > 0 && (parts.length >= INSERT_CHUNK || chars + json.length > INSERT_CHUNK_CHARS)) {
      yield `[${parts.join(',')}]`;
      parts = [];
      chars = 0;
    }
    parts.push(json);
    chars += json.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(',')}]`;
}

/**
 * The SELECT that turns a chunk of JSON rows back into typed rows: the database's own reading
 * (jsonb_populate_record, the inverse of to_jsonb) for every column, and base64 decoding for
 * binary ones, which are taken out before the record is read.
 */
function rowsFromJson(table: PgTable, name: string, columns: string[], chunk: string) {
  const binary = new Set(binaryColumns(table).filter((column) => columns.includes(column)));
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  if (binary.size === 0) {
    return sql`insert into ${sql.identifier(name)} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.identifier(name)}, ${chunk}::jsonb)`;
  }
  const values = sql.join(
    columns.map((column) => (binary.has(column) ? sql`decode(j.value ->> ${column}::text, 'base64')` : sql`r.${sql.identifier(column)}`)),
    sql`, `,
  );
  const binaryKeys = sql.raw(`array[${[...binary].map((column) => `'${column}'`).join(', ')}]::text[]`);
  return sql`insert into ${sql.identifier(name)} (${list}) select ${values} from jsonb_array_elements(${chunk}::jsonb) as j cross join lateral jsonb_populate_record(null::${sql.identifier(name)}, j.value - ${binaryKeys}) as r`;
}

class RestoreFailure extends Error {
  constructor(
    readonly tableName: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The database's own words (a constraint, a type), without drizzle's query text. */
function databaseReason(error: unknown): string {
  let current: unknown = error;
  while (isPlainObject(current) || current instanceof Error) {
    const cause = (current as { cause?: unknown }).cause;
    if (cause === undefined || cause === null) break;
    current = cause;
  }
  const message = current instanceof Error ? current.message : String(current);
  return message.replace(/^Failed query:[\s\S]*?\n/, '').trim() || 'the database refused it';
}

/**
 * Replaces every row of every table with the backup's, in one transaction: any failure rolls it
 * all back and the data stays as it was. Serial sequences restart after the restored ids, so the
 * next insert does not collide. The sessions of the moment survive (see KEPT_ON_RESTORE), their
 * admins matched to the restored admin users by e-mail; an admin missing from the backup is
 * signed out.
 */
export async function restoreBackup(db: Database, actor: string, input: unknown, secret: string): Promise<RestoreResponse> {
  const prepared = prepareRestore(input);
  const counts = Object.fromEntries(restoredRowCounts(prepared).map(({ name, rows }) => [name, rows]));
  try {
    await db.transaction(async (tx) => {
      const currentSessions = await tx.select().from(sessions);
      const currentAdmins = await tx.select({ id: adminUsers.id, email: adminUsers.email }).from(adminUsers);
      const emailOfAdmin = new Map(currentAdmins.map((admin) => [admin.id, admin.email.toLowerCase()]));

      // One statement for all tables: no foreign key is left pointing at a table not yet emptied.
      const allTables = sql.join(
        BACKUP_TABLES.map((table) => sql.identifier(getTableName(table))),
        sql`, `,
      );
      await tx.execute(sql`truncate table ${allTables}`);

      for (const { table, name, columns, rows } of prepared.tables) {
        if (KEPT_ON_RESTORE.has(table)) continue;
        // The database turns each JSON row back into a typed row (the inverse of to_jsonb); only
        // the file's columns are named, so a column it lacks gets its default.
        if (columns.length === 0) continue;
        for (const chunk of jsonChunks(rows)) {
          try {
            await tx.execute(rowsFromJson(table, name, columns, chunk));
          } catch (error) {
            throw new RestoreFailure(name, databaseReason(error));
          }
        }
      }

      // Next id: one past the highest restored (1 for an empty table). Only now, after every row
      // went in: setval is not undone by a rollback, so a restore failing half-way must not have
      // moved any sequence back under rows that the rollback brings back.
      for (const table of BACKUP_TABLES) {
        const name = getTableName(table);
        for (const column of serialColumns(table)) {
          const id = sql.identifier(column.name);
          await tx.execute(
            sql`select setval(pg_get_serial_sequence(${name}, ${column.name}), coalesce(max(${id}), 1), max(${id}) is not null) from ${sql.identifier(name)}`,
          );
        }
      }

      // E-mails queued before tokens were sealed (a backup from an older version) hold their
      // links' tokens: sealed here, so the restored table holds none and they still send alike.
      await sealOutboxTokens(tx, secret);

      const restoredAdmins = await tx.select({ id: adminUsers.id, email: adminUsers.email }).from(adminUsers);
      const idOfEmail = new Map(restoredAdmins.map((admin) => [admin.email.toLowerCase(), admin.id]));
      const kept = currentSessions.flatMap((session) => {
        if (session.kind !== 'admin') return [session];
        const email = session.adminUserId === null ? undefined : emailOfAdmin.get(session.adminUserId);
        const adminUserId = email === undefined ? undefined : idOfEmail.get(email);
        return adminUserId === undefined ? [] : [{ ...session, adminUserId }];
      });
      if (kept.length > 0) await tx.insert(sessions).values(kept);

      await recordAudit(tx, {
        actor,
        action: 'backup.restore',
        entity: 'backup',
        details: { schemaVersion: prepared.schemaVersion, rows: Object.values(counts).reduce((sum, n) => sum + n, 0) },
      });
    });
  } catch (error) {
    if (error instanceof RestoreFailure) throw new HttpError(400, backupRejectedByDatabase(error.tableName, error.reason));
    throw error;
  }
  return { success: true, schemaVersion: prepared.schemaVersion, tables: counts };
}
