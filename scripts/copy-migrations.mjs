// The server bundle looks for its migrations beside itself (dist/server/migrations).
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/server/migrations', { recursive: true, force: true });
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
