import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane): about 30 ms on one core of the
 * two-core machines this runs on, so a login stays quick while an offline guess stays costly.
 * `Algorithm` is a const enum the package does not ship as a value; 2 is Argon2id.
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an Argon2 hash at all. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Hashed once, on first use: unknown e-mails are checked against it. */
let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as checking a real password, so the answer time does not tell whether an
 * e-mail belongs to an admin.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A hash made with weaker settings than today's is upgraded at the next good login. */
export function needsRehash(storedHash: string): boolean {
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  return !storedHash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}
