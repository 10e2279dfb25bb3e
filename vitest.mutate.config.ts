import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The test suite as `npm run mutate` (StrykerJS) runs it, in its sandbox copy of the project.
 * Same files and global setup (the migrated database) as vitest.config.ts, except:
 * - multi-instance.test.ts and database-restart.test.ts start real server processes or a
 *   PostgreSQL cluster of their own, where Stryker cannot switch a mutant on: they can kill
 *   nothing and cost seconds per run.
 * - MUTATE_TESTS=unit keeps only the unit tests (no database): the quick loop for the pure
 *   modules. Use it instead of Stryker's `--testFiles`, which in 9.6.1 switches module-level
 *   ("static") mutants on too late, so they are all reported as survivors (stryker-js#6144).
 *   MUTATE_TESTS may also list test files (comma-separated globs): the loop for a module whose
 *   tests you know. Fewer tests can only kill fewer mutants, so its score is a floor.
 * - tests/helpers/stryker-hook-coverage.ts gives the coverage a file's hooks record to that file's tests,
 *   so a mutant reached from a `beforeAll` runs against those files, not the whole suite.
 * - MUTATION_RUN=1 tells the two generated-input tests (the lifecycle model, the body fuzzer) to
 *   run a shorter prefix of their fixed-seed sequences: each surviving mutant they cover runs them
 *   whole. Fewer sequences can only kill fewer mutants, so the score stays a floor.
 *
 * Why it is shaped for speed (docs/decisions/009-mutation-testing.md): Stryker starts a fresh
 * worker for every mutant's run, so a run costs one import of the app (about 1.5 s) plus, per test
 * file, its database and app start. `isolate: false` shares one import among the files of a run,
 * and the sequencer runs small files first, so a mutant that a focused test kills stops (bail)
 * before the big files start.
 */
const unitOnly = process.env.MUTATE_TESTS === 'unit';
const listedTests = !unitOnly && process.env.MUTATE_TESTS ? process.env.MUTATE_TESTS.split(',').map((glob) => glob.trim()) : undefined;

const toArray = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Run last, in this order: the files that take longest whatever is filtered. */
const SLOW_LAST = ['fuzz-bodies.test.ts', 'booking-lifecycle.model.test.ts'];

class SmallFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const slow = SLOW_LAST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return slow === -1 ? statSync(spec.moduleId).size : Number.MAX_SAFE_INTEGER - SLOW_LAST.length + slow;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

// Spread, not mergeConfig: mergeConfig appends arrays, and `include` must be replaced.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: unitOnly ? ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'] : (listedTests ?? base.test?.include),
    exclude: [...configDefaults.exclude, 'tests/api/multi-instance.test.ts', 'tests/api/database-restart.test.ts'],
    isolate: false,
    // A file's beforeAll coverage goes to that file's tests rather than to "every test" (static).
    setupFiles: [...toArray(base.test?.setupFiles), 'tests/helpers/stryker-hook-coverage.ts'],
    sequence: { sequencer: SmallFilesFirst },
    env: { MUTATION_RUN: '1' },
  },
});
