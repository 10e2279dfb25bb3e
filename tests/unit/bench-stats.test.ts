import { describe, expect, it } from 'vitest';
import {
  checkTargets,
  countStatuses,
  formatTable,
  lighthouseFindings,
  lighthousePerformanceTarget,
  median,
  percentile,
  resultRows,
  serverErrors,
  summariseLighthouseRuns,
  visitorAddress,
  type DatabaseFigures,
  type FloorFigures,
} from '../../scripts/bench/stats.mjs';

const load = (requestsPerSecond: number, p99 = 10) => ({ requestsPerSecond, p50: 2, p99, requests: requestsPerSecond * 20, non2xx: 0, errors: 0 });
const tally = { statusCounts: { 200: 1000, 201: 20, 409: 980 }, serverErrors: 0, networkErrors: 0 };

function figures(overrides: { ratio?: number; p99?: number; winners?: number; seatsTaken?: number; bookingsPerSecond?: number; booked?: number; serverErrors?: number } = {}): DatabaseFigures {
  const ratio = overrides.ratio ?? 0.8;
  return {
    reads: [{ route: '/api/workshop-dates', app: load(10_000 * ratio, overrides.p99), raw: load(10_000), ratio }],
    rush: { ...tally, seats: 20, attempts: 1000, winners: overrides.winners ?? 20, seatsTaken: overrides.seatsTaken ?? 20, durationMs: 900, serverErrors: overrides.serverErrors ?? 0 },
    sustained: {
      ...tally,
      seats: 10_000,
      attempts: 2000,
      concurrency: 50,
      booked: overrides.booked ?? 2000,
      durationMs: 5000,
      bookingsPerSecond: overrides.bookingsPerSecond ?? 400,
      p50: 100,
      p99: 200,
      seatsTaken: 2000,
    },
    peakRssMb: 150,
  };
}

function floor(bookingsPerSecond: number, failed = 0): FloorFigures {
  return { concurrency: 50, poolSize: 10, statementsPerBooking: 12, booked: bookingsPerSecond * 5, failed, durationMs: 5000, bookingsPerSecond, p50: 100, p99: 200, seatsTaken: bookingsPerSecond * 5 };
}

const missed = (kind: 'embedded' | 'postgres', f: DatabaseFigures) => checkTargets(kind, f).filter((check) => !check.met).map((check) => check.name);

describe('percentile and median', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([90, 70, 100])).toBe(90);
    expect(median([1, 4, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('status counts', () => {
  it('counts each status and the 5xx among them', () => {
    const counts = countStatuses([201, 409, 409, 500, 503, 'error']);
    expect(counts).toEqual({ 201: 1, 409: 2, 500: 1, 503: 1, error: 1 });
    expect(serverErrors(counts)).toBe(2);
  });
});

describe('visitor addresses', () => {
  it('gives every simulated visitor its own valid IPv4 address', () => {
    const addresses = Array.from({ length: 70_000 }, (_, i) => visitorAddress(i));
    expect(new Set(addresses).size).toBe(70_000);
    expect(addresses[0]).toBe('10.0.0.1');
    expect(addresses[255]).toBe('10.0.1.0');
    expect(addresses.every((address) => address.split('.').every((part) => Number(part) >= 0 && Number(part) <= 255))).toBe(true);
  });
});

describe('targets', () => {
  it('passes figures that meet every target', () => {
    expect(missed('postgres', figures())).toEqual([]);
    expect(missed('embedded', figures())).toEqual([]);
  });

  it('needs half the raw server’s req/s on both databases', () => {
    expect(missed('embedded', figures({ ratio: 0.49 }))).toEqual(['/api/workshop-dates: req/s ≥ 0.5 × raw']);
    expect(missed('postgres', figures({ ratio: 0.5 }))).toEqual([]);
  });

  it('binds read p99 and booking throughput on PostgreSQL only', () => {
    const slow = figures({ p99: 51, bookingsPerSecond: 199 });
    expect(missed('postgres', slow)).toEqual(['/api/workshop-dates: p99 ≤ 50 ms', 'sustained: ≥ 200 bookings/s']);
    expect(missed('embedded', slow)).toEqual([]);
    expect(missed('postgres', figures({ p99: 50, bookingsPerSecond: 200 }))).toEqual([]);
  });

  it('needs half the database floor’s bookings/s where the floor was measured (PostgreSQL)', () => {
    const withFloor = (bookingsPerSecond: number, failed = 0) => ({ ...figures({ bookingsPerSecond }), floor: floor(600, failed) });
    expect(missed('postgres', withFloor(300))).toEqual([]);
    expect(missed('postgres', withFloor(299))).toEqual(['sustained: bookings/s ≥ 0.5 × database floor']);
    expect(checkTargets('postgres', withFloor(300)).find((check) => check.name.includes('× database floor'))).toMatchObject({ value: 0.5, met: true });
    expect(missed('postgres', withFloor(300, 2))).toEqual(['floor: every replayed booking committed']);
    // No floor (the embedded database): no such target.
    expect(checkTargets('embedded', figures()).filter((check) => check.name.includes('floor'))).toEqual([]);
  });

  it('needs exactly the seats sold in the rush and no 5xx, on both databases', () => {
    expect(missed('embedded', figures({ winners: 21, seatsTaken: 21 }))).toEqual(['rush: winners = 20', 'rush: seats taken = 20']);
    expect(missed('embedded', figures({ winners: 19 }))).toEqual(['rush: winners = 20']);
    expect(missed('embedded', figures({ serverErrors: 1 }))).toEqual(['rush: no 5xx or dropped request']);
    expect(missed('postgres', figures({ booked: 1999 }))).toEqual(['sustained: all 2000 booked, no 5xx']);
  });

  it('holds a roster of 500 seats to 100 ms at p95, on both databases', () => {
    const withRoster = (p95Ms: number) => ({ ...figures(), roster: { attendees: 500, reads: 200, p50Ms: 20, p95Ms } });
    expect(missed('embedded', withRoster(100))).toEqual([]);
    expect(missed('postgres', withRoster(100.5))).toEqual(['roster of 500 seats: p95 ≤ 100 ms']);
    expect(checkTargets('embedded', figures()).filter((check) => check.name.startsWith('roster'))).toEqual([]);
    expect(resultRows({ embedded: withRoster(34.71) }).rows).toContainEqual(['roster of 500 seats: p50 / p95 ms', '20 / 34.7']);
  });
});

describe('the printed table', () => {
  it('puts each database in its own column', () => {
    const { header, rows } = resultRows({ embedded: figures(), postgres: figures({ bookingsPerSecond: 250.44 }) });
    expect(header).toEqual(['', 'embedded', 'postgres']);
    expect(rows).toContainEqual(['/api/workshop-dates req/s (raw node:http)', '8,000 (10,000)', '8,000 (10,000)']);
    expect(rows).toContainEqual(['rush: winners / seats', '20 / 20', '20 / 20']);
    expect(rows).toContainEqual(['sustained: bookings/s', '400', '250.4']);
    expect(rows).toContainEqual(['database floor: bookings/s (same statements via pg)', '—', '—']);
    const withFloor = resultRows({ embedded: figures(), postgres: { ...figures({ bookingsPerSecond: 250 }), floor: floor(500) } });
    expect(withFloor.rows).toContainEqual(['database floor: bookings/s (same statements via pg)', '—', '500']);
    expect(withFloor.rows).toContainEqual(['sustained: ratio to the floor', '—', '0.5']);
    const lines = formatTable(header, rows).split('\n');
    expect(lines[1]).toMatch(/^-+ {2}-+ {2}-+$/);
    // Columns line up: each row's embedded cell starts under the 'embedded' heading.
    const column = lines[0]!.indexOf('embedded');
    rows.forEach((row, index) => expect(lines[index + 2]!.slice(column).startsWith(row[1]!)).toBe(true));
  });
});

describe('Lighthouse summaries', () => {
  const lhr = (performance: number, lcp: number, extra: Record<string, unknown> = {}) => ({
    categories: {
      performance: { score: performance / 100, auditRefs: [{ id: 'largest-contentful-paint', group: 'metrics' }, { id: 'unused-javascript' }, { id: 'render-blocking-insight' }] },
      accessibility: { score: 1, auditRefs: [{ id: 'color-contrast' }] },
      'best-practices': { score: 0.96, auditRefs: [] },
      seo: { score: 1, auditRefs: [] },
    },
    audits: {
      'largest-contentful-paint': { id: 'largest-contentful-paint', title: 'LCP', score: 0.5, scoreDisplayMode: 'numeric', numericValue: lcp },
      'total-blocking-time': { id: 'total-blocking-time', title: 'TBT', score: 1, scoreDisplayMode: 'numeric', numericValue: 40 },
      'cumulative-layout-shift': { id: 'cumulative-layout-shift', title: 'CLS', score: 1, scoreDisplayMode: 'numeric', numericValue: 0.01234 },
      'unused-javascript': {
        id: 'unused-javascript',
        title: 'Reduce unused JavaScript',
        score: 0.5,
        scoreDisplayMode: 'metricSavings',
        metricSavings: { LCP: 150, FCP: 0 },
        details: { items: [{ url: '/assets/index.js', wastedBytes: 25600.4, subItems: { type: 'subitems', items: [] } }] },
      },
      'render-blocking-insight': {
        id: 'render-blocking-insight',
        title: 'Render blocking requests',
        score: 0,
        scoreDisplayMode: 'metricSavings',
        metricSavings: { FCP: 300, LCP: 300 },
        // Insights may hold an object here rather than rows.
        details: { items: { chains: {} } as unknown as Record<string, unknown>[] },
      },
      'color-contrast': { id: 'color-contrast', title: 'Contrast', score: 0, scoreDisplayMode: 'binary' },
      ...extra,
    },
  });

  it('reports the median of each score and metric', () => {
    const summary = summariseLighthouseRuns([lhr(90, 2000), lhr(100, 1000), lhr(95, 1500)]);
    expect(summary).toMatchObject({ performance: 95, accessibility: 100, bestPractices: 96, seo: 100, lcpMs: 1500, tbtMs: 40, cls: 0.012 });
  });

  it('lists what holds a page back, largest savings first, and failed audits of other categories', () => {
    const findings = lighthouseFindings(lhr(80, 2000));
    expect(findings.performance.map((item) => [item.id, item.savingsMs])).toEqual([
      ['render-blocking-insight', 300],
      ['unused-javascript', 150],
    ]);
    expect(findings.performance[0]!.items).toEqual([]);
    expect(findings.performance[1]!.items).toEqual(['url=/assets/index.js wastedBytes=25600']);
    expect(findings.others).toEqual([{ category: 'accessibility', id: 'color-contrast', title: 'Contrast', items: [] }]);
  });

  it('asks for 100 on the server-rendered pages and 95 on the checkout', () => {
    for (const path of ['/', '/intro', '/blog', '/blog/post', '/blog/choosing-your-no-code-tools']) expect(lighthousePerformanceTarget(path)).toBe(100);
    expect(lighthousePerformanceTarget('/checkout')).toBe(95);
    expect(lighthousePerformanceTarget('/checkout?booking=1&token=t')).toBe(95);
  });
});
