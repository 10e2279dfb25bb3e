import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_BASE_URL, E2E_PORT, E2E_SMTP_PORT } from './tests/e2e/support/constants';

/*
 * Browser end-to-end tests against the built app (`npm run build`, or `vite build` plus
 * `npm run build:server`): `node dist/server/server.js` on an embedded database in a fresh
 * temporary directory, seeded with the demo content, with the demo payment provider.
 *
 * Chromium is Debian's /usr/bin/chromium; Playwright never downloads a browser here.
 */

// The config is loaded by the runner and again by every worker; only the runner (which starts the
// web server) creates the data directory, workers inherit its path through the environment.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workshop-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => {
    try {
      fs.rmSync(dataDir, { recursive: true, force: true });
    } catch {
      // best effort: a temp dir left behind is harmless
    }
  });
}

if (!fs.existsSync('dist/server/server.js') || !fs.existsSync('dist/client/index.html')) {
  console.warn('[e2e] dist/ is incomplete: run `npm run build` (vite build + server bundle) before `playwright test`.');
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-US',
    timezoneId: 'UTC',
    // Traces cost time on every test; ask for them when debugging: E2E_TRACE=1 npx playwright test
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // A real SMTP server the app delivers to; tests read what it received.
      command: 'node tests/e2e/support/mail-sink.mjs',
      port: E2E_SMTP_PORT,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(E2E_SMTP_PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR! },
    },
    {
      command: 'node dist/server/server.js',
      url: `${E2E_BASE_URL}/api/workshop-dates`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: E2E_BASE_URL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: E2E_ADMIN_EMAIL,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        // The e2e server always uses its own embedded database, the demo payment provider and the
        // mail sink above, whatever the calling shell has set (the webServer environment extends
        // process.env; empty values count as unset for the server).
        DATABASE_URL: '',
        STRIPE_SECRET_KEY: '',
        STRIPE_PUBLISHABLE_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        APP_SECRET: '',
      },
    },
  ],
});
