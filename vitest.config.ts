import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // Migrates one embedded database per run; each test file starts from its dump.
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: each file opens its own database, so keep parallelism modest.
    maxWorkers: 2,
    // A worker imports the app once and runs file after file with it: each file still builds its
    // own app on its own database (tests/helpers/test-app.ts), so nothing a test sees is shared
    // but the modules. Importing the app again for every file cost about three seconds a file,
    // more than half of the run.
    isolate: false,
  },
});
