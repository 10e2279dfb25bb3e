import { afterAll, beforeAll, inject } from 'vitest';

/**
 * Used only by `npm run mutate` (vitest.mutate.config.ts), in Stryker's first, measuring run.
 *
 * Stryker records which tests reach each mutant while a test runs; code reached outside any test
 * — a file's `beforeAll`, where most API files build the app and sign an admin in — is recorded as
 * "static", and a static mutant is run against every test of the suite (about 110 s here; 346 of
 * 1,672 mutants, 78 % of the whole run, decision 009). This setup file gives the coverage a file's
 * hooks record to every test of that file instead: the mutant then runs against exactly the files
 * whose set-up reaches it, with their hooks and all their tests, as in a normal run.
 *
 * What it leaves static: code reached while modules load (before the first `beforeAll`), such as
 * module-level constants. Those must stay static: Stryker switches them on before the modules
 * load, and only a run of every test sees them.
 *
 * It can only make a mutant run against fewer tests than "every test", never mark one as covered
 * by tests that do not run its code, so the score it gives is not raised by it.
 */

type Coverage = { static: Record<string, number>; perTest: Record<string, Record<string, number>> };
type StrykerNamespace = { mutantCoverage?: Coverage; currentTestId?: string };
type TaskLike = { type: string; name: string; tasks?: TaskLike[]; suite?: TaskLike; file?: { filepath: string } };

// Provided by the Stryker vitest runner in both of its modes; absent in plain `vitest` runs.
const mode = (() => {
  try {
    return inject('mode' as never) as unknown as string | undefined;
  } catch {
    return undefined;
  }
})();
const namespaceName = mode ? (inject('globalNamespace' as never) as unknown as string) : undefined;

/** The test id Stryker gives a test: the file path, '#', then the names of its suites and its own. */
function strykerTestId(test: TaskLike, filepath: string): string {
  const names = [test.name];
  for (let suite = test.suite; suite; suite = suite.suite) names.unshift(suite.name);
  return `${filepath}#${names.join(' ').trim()}`;
}

function testsOf(task: TaskLike): TaskLike[] {
  return (task.tasks ?? []).flatMap((child) => (child.type === 'suite' ? testsOf(child) : child.type === 'test' ? [child] : []));
}

if (mode === 'dry-run' && namespaceName) {
  const namespace = () => (globalThis as unknown as Record<string, StrykerNamespace>)[namespaceName];
  let before: Record<string, number> = {};

  beforeAll(() => {
    before = { ...(namespace()?.mutantCoverage?.static ?? {}) };
  });

  // Registered after the test file's own afterAll hooks run (hooks run as a stack), so an app's
  // close is counted too.
  afterAll((_context, suite) => {
    const coverage = namespace()?.mutantCoverage;
    const file = suite as unknown as TaskLike;
    const filepath = file.file?.filepath;
    if (!coverage || !filepath) return;
    const tests = testsOf(file).map((test) => strykerTestId(test, filepath));
    if (tests.length === 0) return;
    for (const [mutantId, count] of Object.entries(coverage.static)) {
      const added = count - (before[mutantId] ?? 0);
      if (added <= 0) continue;
      if (before[mutantId]) coverage.static[mutantId] = before[mutantId]!;
      else delete coverage.static[mutantId];
      for (const testId of tests) {
        const perTest = (coverage.perTest[testId] ??= {});
        perTest[mutantId] = (perTest[mutantId] ?? 0) + added;
      }
    }
  });
}
