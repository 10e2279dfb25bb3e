import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The latest modification time (ms) of any file below `dir`: sources newer than the build mean it is stale. */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
