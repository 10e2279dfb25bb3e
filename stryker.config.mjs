// @ts-check
/**
 * Mutation testing of the money path, the seats, sign-in and guards: every rule there has a test that fails without it.
 * `npm run mutate`; see docs/decisions/009-mutation-testing.md for the choices and timings.
 *
 * With TEST_DATABASE_URL set, the tests run on PostgreSQL: each test file's database is a copy of a
 * migrated template (tens of milliseconds), where embedded PGlite loads a dump (about two seconds
 * on this machine), and a mutant's run starts several test files.
 */
if (process.env.TEST_DATABASE_URL && !process.env.TEST_DB_KIND) process.env.TEST_DB_KIND = 'postgres';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutate.config.ts',
    // Only test files that import a mutated file (directly or through the app) are run.
    related: true,
  },
  // Record which tests reach each mutant in the first run, and run only those tests per mutant.
  coverageAnalysis: 'perTest',
  mutate: [
    'src/features/booking/server/pricing.ts',
    'src/features/booking/server/discounts.ts',
    'src/features/booking/server/seats.ts',
    'src/features/booking/server/booking-transitions.ts',
    'src/features/booking/server/payment-refunds.ts',
    'src/features/booking/server/fulfil-payment.ts',
    'src/features/booking/server/reservations.ts',
    'src/features/booking/server/open-checkout.ts',
    'src/features/booking/server/offer.ts',
    'src/features/booking/server/orders.ts',
    'src/features/booking/server/free-order.ts',
    'src/features/booking/server/pay-reservation-link.ts',
    'src/features/booking/server/reserve-booking.ts',
    'src/features/booking/server/refund-ledger.ts',
    'src/features/booking/server/freed-seats.ts',
    'src/features/booking/server/offer-checkout.ts',
    'src/features/admin-bookings/server/order-refund-plan.ts',
    'src/features/refunds/cancellation-policy.ts',
    'src/features/refunds/server/cancel-booking.service.ts',
    'src/features/refunds/server/refunds.service.ts',
    'src/features/participant/server/participant-access.ts',
    'src/server/plugins/auth.ts',
    'src/server/plugins/csrf-guard.ts',
    'src/server/lib/sanitize-html.ts',
    'src/server/payments/demo-provider.ts',
    'src/common/money.ts',
    'src/common/safe-text.ts',
  ],
  // Two cores: two runners keep both busy (each mutant's run waits on its database in between).
  concurrency: 2,
  // Only mutants whose code or covering tests changed since the recorded run are tested again; the
  // record is committed, so a session starts from the last measured state (decision 009).
  incremental: true,
  incrementalFile: 'mutation/incremental.json',
  // A sandbox copy, never the working tree: other people run tests on these files meanwhile.
  inPlace: false,
  // Not needed by the tests, and large: keep them out of the sandbox copy.
  ignorePatterns: ['dist', 'data', 'test-results', 'playwright-report', 'bench/*.json', 'reports', 'mutation'],
  // An API test file opens its own database in beforeAll (about a second from the dump), which
  // the per-test times Stryker measures leave out: allow for it on top of the factor.
  timeoutMS: 60_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  // The whole list measured 96.25 % on 2026-11-26 (README, decision 009): a run below 90 % fails.
  thresholds: { high: 90, low: 80, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
