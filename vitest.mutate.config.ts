import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The test suite as `npm run mutate` (StrykerJS) runs it, in its sandbox copy of the project.
 * Same files and global setup (the migrated database dump) as vitest.config.ts, except:
 * - multi-instance.test.ts starts the real server as separate OS processes, where Stryker cannot
 *   switch a mutant on, so it can kill nothing and costs two server starts per run.
 * - MUTATE_TESTS=unit keeps only the unit tests (no database): the quick loop for the pure
 *   modules. Use it instead of Stryker's `--testFiles`, which in 9.6.1 switches module-level
 *   ("static") mutants on too late, so they are all reported as survivors (stryker-js#6144).
 */
const unitOnly = process.env.MUTATE_TESTS === 'unit';

// Spread, not mergeConfig: mergeConfig appends arrays, and `include` must be replaced.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: unitOnly ? ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'] : base.test?.include,
    exclude: [...configDefaults.exclude, 'tests/api/multi-instance.test.ts'],
  },
});
