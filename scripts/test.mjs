// `npm test`: static checks, unit + API tests on embedded PGlite and (when TEST_DATABASE_URL is
// set) the API tests again on PostgreSQL, the production build with its bundle budgets, then
// browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

const phases = [];

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  phases.push(`${title}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) {
    summarise();
    console.error(`\n✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function summarise() {
  countVitest(join(reports, 'vitest-pglite.json'));
  countVitest(join(reports, 'vitest-postgres.json'));
  countPlaywright(join(reports, 'playwright.json'));
  // How long each phase took: CI must finish within 30 minutes, and this says where the time goes.
  console.log(`\n${phases.join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

/**
 * The test files whose outcome can depend on the database: the API tests, and any other test that
 * uses the test helpers (which open databases and apps). Pure unit tests run once, on the first
 * phase; running them again against PostgreSQL would prove nothing new.
 */
function databaseTestFiles() {
  const files = ['src', 'tests'].flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => `${dir}/${file}`)).filter((file) => file.endsWith('.test.ts'));
  return files.filter((file) => file.startsWith('tests/api/') || readFileSync(file, 'utf8').includes('helpers/'));
}

const vitest = (name) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `vitest-${name}.json`)}`];

run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npm', ['run', 'lint']);
run('unit and API tests on embedded PGlite', 'npx', vitest('pglite'), { TEST_DB_KIND: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  run('API tests on PostgreSQL', 'npx', [...vitest('postgres'), ...databaseTestFiles()], { TEST_DB_KIND: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run is left out)');
}
run('production build and bundle budgets', 'npm', ['run', 'build']);
run('browser tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'),
});
summarise();
if (totals.failed > 0) process.exit(1);
// A skipped test proves nothing: the run fails rather than count it as fine.
if (totals.skipped > 0) {
  console.error('Some tests were skipped; every test must run (remove the skip or the condition).');
  process.exit(1);
}
