import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { uploadedFiles } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { IMAGE_TYPE_REFUSED, MAX_IMAGE_BYTES, IMAGE_TOO_LARGE, STORED_NAME_PATTERN, type UploadedImage } from '../uploads.schema';
import { detectImageType, imageTypeOfStoredName } from './image-type';

/**
 * Images live in the database (uploaded_files.data), so every instance serves every image and a
 * backup holds them. DATA_DIR/uploads is where earlier versions kept them: start-up moves what is
 * left there into the database (moveDiskUploadsIntoDatabase) and files moved are kept aside in
 * DATA_DIR/uploads/moved-to-database, for the operator to delete.
 */
export function uploadsDir(dataDir: string): string {
  return resolve(dataDir, 'uploads');
}

export const MOVED_DIR_NAME = 'moved-to-database';

/** Stores an image under a random name the client cannot choose; the type comes from the bytes. */
export async function storeImage(db: Database, actor: string, bytes: Buffer): Promise<UploadedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  const type = detectImageType(bytes);
  if (!type) throw new HttpError(400, IMAGE_TYPE_REFUSED, 'image_type_refused');

  const storedName = `${randomBytes(16).toString('hex')}.${type.extension}`;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(uploadedFiles)
      .values({ storedName, contentType: type.contentType, sizeBytes: bytes.length, data: bytes })
      .returning({ id: uploadedFiles.id });
    await recordAudit(tx, {
      actor,
      action: 'image_uploaded',
      entity: 'uploaded_file',
      entityId: row!.id,
      details: { storedName, contentType: type.contentType, sizeBytes: bytes.length },
    });
  });
  return { url: `/uploads/${storedName}`, contentType: type.contentType, sizeBytes: bytes.length };
}

export type StoredImage = { contentType: string; bytes: Buffer };

/** Enough of an image's first bytes for detectImageType to tell its kind. */
const SIGNATURE_BYTES = 16;

/**
 * A stored image; null for a name that is not ours, and for bytes that are not the image kind the
 * name says (a row written around the checks, e.g. straight into the database): what /uploads
 * sends is always an image of the kind its name promises, never a page or a script on the site's
 * origin. The type comes from the name, never from the row. With `withBytes: false` only the first
 * bytes are read (a revalidation answered 304 needs no more) and `bytes` is empty. A row whose
 * bytes are not moved in yet (an upgrade in progress) is served from DATA_DIR/uploads meanwhile.
 */
export async function readImage(db: Database, dataDir: string, name: string, options: { withBytes?: boolean } = {}): Promise<StoredImage | null> {
  const named = imageTypeOfStoredName(name);
  if (!named) return null;
  const withBytes = options.withBytes ?? true;
  const head = sql<Buffer | null>`substring(${uploadedFiles.data} from 1 for ${sql.raw(String(SIGNATURE_BYTES))})`.mapWith(uploadedFiles.data);
  const [row] = await db
    .select({ moved: sql<boolean>`${uploadedFiles.data} is not null`, bytes: withBytes ? uploadedFiles.data : head })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.storedName, name))
    .limit(1);
  if (!row) return null;
  const bytes = row.moved ? row.bytes : await readDiskFile(join(uploadsDir(dataDir), name));
  if (!bytes || detectImageType(bytes)?.extension !== named.extension) return null;
  return { contentType: named.contentType, bytes: withBytes ? bytes : Buffer.alloc(0) };
}

async function readDiskFile(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export type MoveReport = { moved: string[]; skipped: { name: string; reason: string }[]; missing: string[] };

type MoveLogger = { info(details: object, message: string): void; warn(details: object, message: string): void };

/** The image in this file, when it is one of ours: a stored name, an accepted size and type. */
async function readUploadFile(path: string, name: string): Promise<{ bytes: Buffer; contentType: string } | { problem: string } | null> {
  if (!STORED_NAME_PATTERN.test(name)) return { problem: 'not an uploaded image name' };
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null; // moved by another instance meanwhile, or not a file
  if (info.size > MAX_IMAGE_BYTES) return { problem: 'larger than an upload may be' };
  const bytes = await readDiskFile(path);
  if (!bytes) return null;
  const type = detectImageType(bytes);
  if (!type || !name.endsWith(`.${type.extension}`)) return { problem: 'its bytes are not the image its name says' };
  return { bytes, contentType: type.contentType };
}

/** Fills the row's bytes unless they are there already; makes the row when there is none. */
async function storeMovedBytes(db: Database, name: string, image: { bytes: Buffer; contentType: string }): Promise<void> {
  await db
    .insert(uploadedFiles)
    .values({ storedName: name, contentType: image.contentType, sizeBytes: image.bytes.length, data: image.bytes })
    .onConflictDoUpdate({
      target: uploadedFiles.storedName,
      set: { data: image.bytes, sizeBytes: image.bytes.length },
      setWhere: and(eq(uploadedFiles.storedName, name), isNull(uploadedFiles.data)),
    });
}

/**
 * Moves images still in DATA_DIR/uploads into the database: each file whose name is one of ours
 * (STORED_NAME_PATTERN) and whose bytes are an accepted image gets its bytes into its row (a row
 * is made when there is none), then is renamed into DATA_DIR/uploads/moved-to-database. Files
 * that are not ours or not images are left where they are, with a warning.
 *
 * Safe to run again, on several instances at once, and after a crash at any point: the write only
 * fills a row whose bytes are still missing (one conditional upsert per file), and the file is
 * renamed only after that committed, so a crash in between leaves a file that the next run finds
 * already moved and just renames.
 *
 * Then rows still without bytes (restored from a backup made before images moved into the
 * database) are filled from the files kept in moved-to-database. When nothing is left to move this
 * is one readdir and one small query (the bytes are not read).
 */
export async function moveDiskUploadsIntoDatabase(db: Database, dataDir: string, log?: MoveLogger): Promise<MoveReport> {
  const dir = uploadsDir(dataDir);
  const movedDir = join(dir, MOVED_DIR_NAME);
  const report: MoveReport = { moved: [], skipped: [], missing: [] };
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  for (const name of names.filter((entry) => entry !== MOVED_DIR_NAME)) {
    const path = join(dir, name);
    const image = await readUploadFile(path, name);
    if (!image) continue;
    if ('problem' in image) {
      report.skipped.push({ name, reason: image.problem });
      log?.warn({ file: path, reason: image.problem }, 'left in DATA_DIR/uploads: not moved into the database');
      continue;
    }
    await storeMovedBytes(db, name, image);
    await mkdir(movedDir, { recursive: true });
    try {
      await rename(path, join(movedDir, name));
    } catch (error) {
      // Another instance sharing the volume renamed it first.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    report.moved.push(name);
  }

  const withoutBytes = await db.select({ storedName: uploadedFiles.storedName }).from(uploadedFiles).where(isNull(uploadedFiles.data));
  for (const { storedName } of withoutBytes) {
    const image = await readUploadFile(join(movedDir, storedName), storedName);
    if (image && !('problem' in image)) {
      await storeMovedBytes(db, storedName, image);
      report.moved.push(storedName);
    } else {
      report.missing.push(storedName);
    }
  }

  if (report.moved.length > 0) log?.info({ moved: report.moved.length, keptIn: movedDir }, 'moved uploaded images into the database');
  if (report.missing.length > 0) {
    log?.warn({ images: report.missing }, 'uploaded images whose bytes are neither in the database nor in DATA_DIR/uploads: they answer 404');
  }
  return report;
}
