import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No cycles between features (docs/decisions/013-import-boundaries.md). ESLint checks each import
 * on its own (layers, public entries); a cycle is a property of the whole graph, so it is checked
 * here: every relative import in src/features (static, dynamic, `export … from`, type-only too)
 * is resolved to a file, and the features' graph must have no cycle.
 */

const FEATURES_DIR = 'src/features';
const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = normalize(join(dirname(fromFile), specifier));
  const found = ['', '.ts', '.tsx', `${sep}index.ts`, `${sep}index.tsx`].map((suffix) => base + suffix).find(isFile);
  return found ?? null;
}

const featureOf = (file: string): string | null => {
  const [top, name] = relative(FEATURES_DIR, file).split(sep);
  return top && top !== '..' && name !== undefined ? top : null;
};

/** feature → the features it imports (each edge with one file that makes it, to say where). */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(FEATURES_DIR)) {
    const from = featureOf(file)!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
      const target = resolveImport(file, match[2]!);
      const to = target ? featureOf(target) : null;
      if (to && to !== from && !edges.has(to)) edges.set(to, `${file} → ${match[2]}`);
    }
  }
  return graph;
}

/** The first cycle found by a depth-first walk, as [a, b, …, a], or null when there is none. */
function findCycle(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('feature import graph', () => {
  it('finds a cycle when there is one, and none in a layered graph', () => {
    const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Map(to.map((t) => [t, '']))]));
    expect(findCycle(g({ booking: ['calendar'], calendar: ['participant'], participant: ['refunds'], refunds: ['booking'] }))).toEqual([
      'booking',
      'calendar',
      'participant',
      'refunds',
      'booking',
    ]);
    expect(findCycle(g({ a: ['b'], b: ['a'] }))).toEqual(['a', 'b', 'a']);
    expect(findCycle(g({ a: ['b', 'c'], b: ['c'], c: [] }))).toBeNull();
  });

  it('sees the imports between features', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    // The admin's actions on a booking go through the sale's services: an edge the walk must see, or it sees nothing.
    expect(graph.get('admin-bookings')?.has('booking')).toBe(true);
  });

  it('leaves composing the sale\'s e-mails to the app (BookingMail, docs/decisions/018-the-sale-as-one-feature.md)', () => {
    const edges = featureGraph().get('booking');
    expect({ 'email-templates': edges?.get('email-templates'), participant: edges?.get('participant') }).toEqual({ 'email-templates': undefined, participant: undefined });
  });

  it('has no cycle between features (no two features import each other, directly or around a loop)', () => {
    const graph = featureGraph();
    const cycle = findCycle(graph);
    const where = cycle?.slice(1).map((to, index) => graph.get(cycle[index]!)!.get(to));
    expect({ cycle, where }).toEqual({ cycle: null, where: undefined });
  });
});
