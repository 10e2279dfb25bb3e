import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (an admin's TOTP seed) with APP_SECRET, so a copy
 * of the database or a backup alone does not let anyone produce codes. AES-256-GCM also detects
 * tampering; the associated data ties a sealed value to its row, so it cannot be moved to
 * another admin.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

function keyFor(appSecret: string, label: string): Buffer {
  // A fixed label per use: the same APP_SECRET yields unrelated keys for unrelated purposes.
  return createHash('sha256').update(`${appSecret}\0${label}`).digest();
}

export function sealSecret(appSecret: string, label: string, plaintext: Uint8Array, associatedData: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret, label), iv);
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plaintext, or null when the value was not sealed with this secret, label and data. */
export function openSecret(appSecret: string, label: string, sealed: string, associatedData: string): Buffer | null {
  const [version, iv, tag, ciphertext, extra] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret, label), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}
