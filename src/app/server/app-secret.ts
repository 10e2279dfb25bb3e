import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * APP_SECRET when set; otherwise one generated on first start and kept in DATA_DIR,
 * so links in e-mails stay valid across restarts. Several instances must share APP_SECRET.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(resolve(dataDir), 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process sharing DATA_DIR wrote it first: use theirs.
    return readFileSync(file, 'utf8').trim();
  }
}
