// `npm start`: build what is not built yet, then run the server (migrations run at start-up).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { newestMtime } from './newest-mtime.mjs';

const built = ['dist/server/server.js', 'dist/client/index.html'].every((file) => existsSync(file));
const stale = built && newestMtime('src') > statSync('dist/server/server.js').mtimeMs;
if (!built || stale) {
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'First start: building…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../dist/server/server.js');
