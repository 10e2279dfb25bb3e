// Merges StrykerJS incremental records of runs over parts of the mutate list into one record
// (decision 009), so that a whole-list measurement can be made in parts that each finish and keep
// what they measured, where one whole-list run does not fit in a session on two cores:
//
//   cp mutation/incremental.json part-N.json
//   npx stryker run --mutate <its files> --incrementalFile part-N.json      (one part; repeat)
//   node scripts/merge-mutation-records.mjs mutation/incremental.json \
//     part-K.json part-0.json=<its files> … part-K.json=<its files>
//   npm run mutate   (reuses every result, prints the whole list's score in one run)
//
// Stryker writes every file of the record it started from into a part's record (the files it did
// not mutate as it read them), so the newest part, given whole and first, is the base; each part
// given as `part.json=a.ts,b.ts` then gives the files it measured. A file given by several parts
// keeps the last one's results.
//
// All parts must come from the same commit (same sources, same tests). A test's id is unique only
// within one report, so tests are matched across reports by test file, name and the how-manieth
// test of that name in its file, and each mutant's coveredBy/killedBy is rewritten into the merged
// ids; a test file's entry comes from the first report that has it.
import { readFileSync, writeFileSync } from 'node:fs';

/** A test's identity across reports: its file, its name and the how-manieth of that name. */
function* namedTests(report) {
  for (const [path, testFile] of Object.entries(report.testFiles ?? {})) {
    const seen = new Map();
    for (const test of testFile.tests) {
      const nth = seen.get(test.name) ?? 0;
      seen.set(test.name, nth + 1);
      yield { path, test, key: JSON.stringify([path, test.name, nth]) };
    }
  }
}

/** parts: { report, only? } in order; `only` (a Set of source paths) limits what a part gives. */
export function mergeRecords(parts) {
  const idOfKey = new Map();
  const testFiles = {};
  for (const { report } of parts) {
    for (const { path, test, key } of namedTests(report)) {
      if (idOfKey.has(key)) continue;
      const id = String(idOfKey.size);
      idOfKey.set(key, id);
      testFiles[path] ??= { ...report.testFiles[path], tests: [] };
      testFiles[path].tests.push({ ...test, id });
    }
  }

  const files = {};
  for (const { report, only } of parts) {
    const keyOfId = new Map([...namedTests(report)].map(({ test, key }) => [test.id, key]));
    const rewrite = (ids) => ids.map((id) => idOfKey.get(keyOfId.get(id))).filter((id) => id !== undefined);
    for (const [path, entry] of Object.entries(report.files)) {
      if (only && !only.has(path)) continue;
      const mutants = entry.mutants.map((mutant) => ({
        ...mutant,
        ...(mutant.coveredBy ? { coveredBy: rewrite(mutant.coveredBy) } : {}),
        ...(mutant.killedBy ? { killedBy: rewrite(mutant.killedBy) } : {}),
      }));
      files[path] = { ...entry, mutants };
    }
  }
  return { ...parts.at(-1).report, files, testFiles };
}

const [out, ...inputs] = process.argv.slice(2);
if (!out || inputs.length === 0) {
  console.error('usage: node scripts/merge-mutation-records.mjs OUT.json PART.json[=file,file] …');
  process.exit(2);
}
const merged = mergeRecords(
  inputs.map((input) => {
    const [path, files] = input.split('=');
    return { report: JSON.parse(readFileSync(path, 'utf8')), only: files ? new Set(files.split(',')) : undefined };
  }),
);
writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);
const statuses = {};
for (const entry of Object.values(merged.files)) for (const { status } of entry.mutants) statuses[status] = (statuses[status] ?? 0) + 1;
console.log(`${Object.keys(merged.files).length} files, ${Object.values(statuses).reduce((a, b) => a + b, 0)} mutants:`, statuses);
