import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { uploadedFiles } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { IMAGE_TYPE_REFUSED, MAX_IMAGE_BYTES, IMAGE_TOO_LARGE, STORED_NAME_PATTERN, type UploadedImage } from '../uploads.schema';
import { detectImageType } from './image-type';

/** Where uploads live: DATA_DIR/uploads. */
export function uploadsDir(dataDir: string): string {
  return resolve(dataDir, 'uploads');
}

/**
 * Stores an image under a random name the client cannot choose: the type comes from the bytes,
 * the file is written first (never overwriting one) and its row after, so a row always names a
 * file that exists.
 */
export async function storeImage(db: Database, dataDir: string, actor: string, bytes: Buffer): Promise<UploadedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  const type = detectImageType(bytes);
  if (!type) throw new HttpError(400, IMAGE_TYPE_REFUSED, 'image_type_refused');

  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storedName = `${randomBytes(16).toString('hex')}.${type.extension}`;
  const path = join(dir, storedName);
  await writeFile(path, bytes, { flag: 'wx' });
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploadedFiles)
        .values({ storedName, contentType: type.contentType, sizeBytes: bytes.length })
        .returning({ id: uploadedFiles.id });
      await recordAudit(tx, {
        actor,
        action: 'image_uploaded',
        entity: 'uploaded_file',
        entityId: row!.id,
        details: { storedName, contentType: type.contentType, sizeBytes: bytes.length },
      });
    });
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return { url: `/uploads/${storedName}`, contentType: type.contentType, sizeBytes: bytes.length };
}

/** A stored image and its type; null for a name that is not ours or whose file is gone. */
export async function readImage(db: Database, dataDir: string, name: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!STORED_NAME_PATTERN.test(name)) return null;
  const [row] = await db
    .select({ contentType: uploadedFiles.contentType })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.storedName, name))
    .limit(1);
  if (!row) return null;
  try {
    return { contentType: row.contentType, bytes: await readFile(join(uploadsDir(dataDir), name)) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
