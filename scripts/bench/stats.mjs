// Pure helpers of `npm run bench` and `npm run lighthouse`: percentiles, medians, the targets of
// issue 7 and the printed table. No I/O here, so tests/unit/bench-stats.test.ts covers it all.

/** The targets the bench checks; exit 1 when one is missed. */
export const BENCH_TARGETS = {
  /** Each read route serves at least this share of the raw node:http server's req/s. */
  minReadRatio: 0.5,
  /** Read-route p99 under load on PostgreSQL, in milliseconds. */
  maxPostgresReadP99Ms: 50,
  /** Sustained free bookings per second on PostgreSQL. */
  minPostgresBookingsPerSecond: 200,
  /**
   * Sustained bookings per second on PostgreSQL as a share of the database's floor: the same
   * statements replayed straight through `pg` at the same concurrency.
   */
  minFloorRatio: 0.5,
  /** GET / while one client replays a booking as fast as it can, as a share of GET / quiet. */
  minReplayReadRatio: 0.9,
  /**
   * Sustained free orders of 1–10 seats (orderShape) per second on PostgreSQL as a share of the
   * database's floor for the same orders' statements.
   */
  minOrdersFloorRatio: 0.5,
  /** A message to 500 attendees queued (log row and 500 outbox e-mails in one transaction), median of the runs, in milliseconds. */
  maxMessage500Ms: 1000,
  /** A date's roster of 500 seats (GET …/roster), p95 of sequential reads, in milliseconds. */
  maxRoster500P95Ms: 100,
};

/**
 * The n-th order of the sustained orders run: 1 to 10 seats in turn (5.5 on average), the buyer
 * named on the first seat and colleagues on the next ones up to half the order (rounded up), the
 * rest unnamed for colleagues to claim. The HTTP run and the floor place the same mix.
 */
export function orderShape(n) {
  const seats = 1 + (n % 10);
  return { seats, named: Math.ceil(seats / 2) };
}

/**
 * The people named on an order of `shape`, in seat order: the buyer, then colleagues whose
 * addresses sit beside the buyer's (`x-7@…` → `x-7-2@…`). The seats past them are unnamed.
 */
export function orderAttendees(shape, buyer) {
  return Array.from({ length: shape.named }, (_, seat) =>
    seat === 0
      ? { firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email }
      : { firstName: 'Bench', lastName: `Colleague ${seat}`, email: buyer.email.replace('@', `-${seat}@`) },
  );
}

/** Sustained HTTP orders per second ÷ the floor's for the same mix; NaN without a floor. */
export function ordersFloorRatio(figures) {
  return figures.orders && figures.ordersFloor ? figures.orders.ordersPerSecond / figures.ordersFloor.ordersPerSecond : Number.NaN;
}

/** Sustained HTTP bookings per second ÷ the floor's; NaN without a floor. */
export function floorRatio(figures) {
  return figures.floor ? figures.sustained.bookingsPerSecond / figures.floor.bookingsPerSecond : Number.NaN;
}

/**
 * Lighthouse performance score targets: 100 on the pages the server renders
 * with their data ('/', '/intro', '/blog' and its posts), at least 95 on the client-rendered checkout.
 */
export function lighthousePerformanceTarget(path) {
  return path.startsWith('/checkout') ? 95 : 100;
}

/** The p-th percentile (0–100) by the nearest-rank method; NaN for no values. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The middle value (mean of the two middle ones for an even count); NaN for no values. */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** How many of each HTTP status ('error' for a request that got no answer). */
export function countStatuses(statuses) {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** How many answers were 5xx in a countStatuses() result. */
export function serverErrors(counts) {
  return Object.entries(counts).reduce((sum, [status, count]) => (Number(status) >= 500 ? sum + count : sum), 0);
}

/**
 * A distinct client address for the i-th simulated visitor (sent as X-Forwarded-For, which the
 * app trusts as a proxy would set it), so the per-address rate limits on seat holds apply per
 * visitor as in real traffic. 10.0.0.1 upwards; unique for i below 16 million.
 */
export function visitorAddress(i) {
  const n = i + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Every target checked against one database's figures. `kind` is 'embedded' or 'postgres'; the
 * latency and throughput targets bind on PostgreSQL only, the others on both.
 */
export function checkTargets(kind, figures) {
  const checks = [];
  for (const read of figures.reads) {
    checks.push({
      name: `${read.route}: req/s ≥ ${BENCH_TARGETS.minReadRatio} × raw`,
      value: round(read.ratio, 2),
      met: read.ratio >= BENCH_TARGETS.minReadRatio,
    });
    checks.push({ name: `${read.route}: only 2xx answers`, value: read.app.non2xx + read.app.errors, met: read.app.non2xx + read.app.errors === 0 });
    if (kind === 'postgres') {
      checks.push({
        name: `${read.route}: p99 ≤ ${BENCH_TARGETS.maxPostgresReadP99Ms} ms`,
        value: round(read.app.p99, 1),
        met: read.app.p99 <= BENCH_TARGETS.maxPostgresReadP99Ms,
      });
    }
  }
  if (figures.replay) {
    const { replay } = figures;
    checks.push({
      name: `GET ${replay.route} under a booking replay: req/s ≥ ${BENCH_TARGETS.minReplayReadRatio} × quiet`,
      value: round(replay.ratio, 2),
      met: replay.ratio >= BENCH_TARGETS.minReplayReadRatio,
    });
    checks.push({ name: 'booking replay: no 5xx or dropped request', value: serverErrors(replay.replay.statusCounts) + (replay.replay.statusCounts.error ?? 0), met: serverErrors(replay.replay.statusCounts) + (replay.replay.statusCounts.error ?? 0) === 0 });
  }
  const rush = figures.rush;
  checks.push({ name: `rush: winners = ${rush.seats}`, value: rush.winners, met: rush.winners === rush.seats });
  checks.push({ name: `rush: seats taken = ${rush.seats}`, value: rush.seatsTaken, met: rush.seatsTaken === rush.seats });
  checks.push({ name: 'rush: no 5xx or dropped request', value: rush.serverErrors + rush.networkErrors, met: rush.serverErrors + rush.networkErrors === 0 });
  const sustained = figures.sustained;
  checks.push({
    name: `sustained: all ${sustained.attempts} booked, no 5xx`,
    value: sustained.booked,
    met: sustained.booked === sustained.attempts && sustained.serverErrors + sustained.networkErrors === 0,
  });
  if (kind === 'postgres') {
    checks.push({
      name: `sustained: ≥ ${BENCH_TARGETS.minPostgresBookingsPerSecond} bookings/s`,
      value: round(sustained.bookingsPerSecond, 1),
      met: sustained.bookingsPerSecond >= BENCH_TARGETS.minPostgresBookingsPerSecond,
    });
  }
  if (figures.floor) {
    const ratio = floorRatio(figures);
    checks.push({ name: `sustained: bookings/s ≥ ${BENCH_TARGETS.minFloorRatio} × database floor`, value: round(ratio, 2), met: ratio >= BENCH_TARGETS.minFloorRatio });
    // A replayed booking that failed means the floor no longer fits the schema (bench-floor.test.ts).
    checks.push({ name: 'floor: every replayed booking committed', value: figures.floor.failed, met: figures.floor.failed === 0 });
  }
  const orders = figures.orders;
  if (orders) {
    checks.push({
      name: `orders: all ${orders.attempts} placed (${orders.seatsAsked} seats), no 5xx`,
      value: orders.placed,
      met: orders.placed === orders.attempts && orders.seatsTaken === orders.seatsAsked && orders.serverErrors + orders.networkErrors === 0,
    });
  }
  if (orders && figures.ordersFloor) {
    const ratio = ordersFloorRatio(figures);
    checks.push({ name: `orders: orders/s ≥ ${BENCH_TARGETS.minOrdersFloorRatio} × database floor`, value: round(ratio, 2), met: ratio >= BENCH_TARGETS.minOrdersFloorRatio });
    checks.push({ name: 'orders floor: every replayed order committed', value: figures.ordersFloor.failed, met: figures.ordersFloor.failed === 0 });
  }
  if (figures.message) {
    const { message } = figures;
    checks.push({ name: `message to ${message.attendees} attendees: median ≤ ${BENCH_TARGETS.maxMessage500Ms} ms`, value: round(message.medianMs), met: message.medianMs <= BENCH_TARGETS.maxMessage500Ms });
  }
  if (figures.roster) {
    const { roster } = figures;
    checks.push({ name: `roster of ${roster.attendees} seats: p95 ≤ ${BENCH_TARGETS.maxRoster500P95Ms} ms`, value: round(roster.p95Ms, 1), met: roster.p95Ms <= BENCH_TARGETS.maxRoster500P95Ms });
  }
  return checks;
}

export function round(value, digits = 0) {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const format = (value, digits = 0) => (value === null || value === undefined ? '—' : Number.isFinite(value) ? round(value, digits).toLocaleString('en-US') : String(value));

/** The rows of the results table: one label column, then one column per database. */
export function resultRows(byKind) {
  const kinds = Object.keys(byKind);
  const cell = (pick, digits) => kinds.map((kind) => format(pick(byKind[kind]), digits));
  const rows = [];
  const routes = byKind[kinds[0]].reads.map((read) => read.route);
  routes.forEach((route, index) => {
    const read = (figures) => figures.reads[index];
    rows.push([`${route} req/s (raw node:http)`, ...kinds.map((kind) => `${format(read(byKind[kind]).app.requestsPerSecond)} (${format(read(byKind[kind]).raw.requestsPerSecond)})`)]);
    rows.push([`${route} ratio to raw`, ...cell((f) => read(f).ratio, 2)]);
    rows.push([`${route} p50 / p99 ms (raw)`, ...kinds.map((kind) => {
      const r = read(byKind[kind]);
      return `${format(r.app.p50)} / ${format(r.app.p99)} (${format(r.raw.p50)} / ${format(r.raw.p99)})`;
    })]);
  });
  if (byKind[kinds[0]].replay) {
    const route = byKind[kinds[0]].replay.route;
    rows.push([`GET ${route} req/s quiet / while a booking is replayed`, ...kinds.map((kind) => {
      const r = byKind[kind].replay;
      return r ? `${format(r.quiet.requestsPerSecond)} / ${format(r.replayed.requestsPerSecond)}` : '—';
    })]);
    rows.push([`GET ${route} under replay: ratio to quiet`, ...cell((f) => f.replay?.ratio, 2)]);
    rows.push(['booking replay: req/s (answers)', ...kinds.map((kind) => {
      const r = byKind[kind].replay?.replay;
      return r ? `${format(r.perSecond)} (${Object.entries(r.statusCounts).map(([status, n]) => `${status}×${n}`).join(', ')})` : '—';
    })]);
  }
  for (const [index, render] of (byKind[kinds[0]].renders ?? []).entries()) {
    rows.push([`render ${render.path}: first / p50 / p95 ms`, ...kinds.map((kind) => {
      const r = byKind[kind].renders?.[index];
      return r ? `${format(r.firstRenderMs, 1)} / ${format(r.renderP50Ms, 1)} / ${format(r.renderP95Ms, 1)}` : '—';
    })]);
  }
  rows.push(['rush: winners / seats', ...kinds.map((kind) => `${byKind[kind].rush.winners} / ${byKind[kind].rush.seats}`)]);
  rows.push(['rush: seats taken (admin view)', ...cell((f) => f.rush.seatsTaken)]);
  rows.push(['rush: 5xx / dropped', ...kinds.map((kind) => `${byKind[kind].rush.serverErrors} / ${byKind[kind].rush.networkErrors}`)]);
  rows.push(['rush: attempts, duration ms', ...kinds.map((kind) => `${byKind[kind].rush.attempts}, ${format(byKind[kind].rush.durationMs)}`)]);
  rows.push(['sustained: booked / attempts', ...kinds.map((kind) => `${byKind[kind].sustained.booked} / ${byKind[kind].sustained.attempts}`)]);
  rows.push(['sustained: bookings/s', ...cell((f) => f.sustained.bookingsPerSecond, 1)]);
  rows.push(['sustained: p50 / p99 ms per booking', ...kinds.map((kind) => `${format(byKind[kind].sustained.p50)} / ${format(byKind[kind].sustained.p99)}`)]);
  rows.push(['database floor: bookings/s (same statements via pg)', ...cell((f) => f.floor?.bookingsPerSecond, 1)]);
  rows.push(['sustained: ratio to the floor', ...cell((f) => (f.floor ? floorRatio(f) : null), 2)]);
  rows.push(['database floor: p50 / p99 ms per booking', ...kinds.map((kind) => {
    const floor = byKind[kind].floor;
    return floor ? `${format(floor.p50)} / ${format(floor.p99)}` : '—';
  })]);
  if (kinds.some((kind) => byKind[kind].orders)) {
    const orders = (kind) => byKind[kind].orders;
    rows.push(['orders (1–10 seats): placed / attempts (seats)', ...kinds.map((kind) => (orders(kind) ? `${orders(kind).placed} / ${orders(kind).attempts} (${format(orders(kind).seatsTaken)})` : '—'))]);
    rows.push(['orders: orders/s (seats/s)', ...kinds.map((kind) => (orders(kind) ? `${format(orders(kind).ordersPerSecond, 1)} (${format(orders(kind).seatsPerSecond)})` : '—'))]);
    rows.push(['orders: p50 / p99 ms per order', ...kinds.map((kind) => (orders(kind) ? `${format(orders(kind).p50)} / ${format(orders(kind).p99)}` : '—'))]);
    rows.push(['database floor: orders/s (same statements via pg)', ...kinds.map((kind) => {
      const floor = byKind[kind].ordersFloor;
      return floor ? `${format(floor.ordersPerSecond, 1)} (${format(floor.seatsPerSecond)})` : '—';
    })]);
    rows.push(['orders: ratio to the floor', ...cell((f) => (f.ordersFloor ? ordersFloorRatio(f) : null), 2)]);
    rows.push(['database floor: p50 / p99 ms per order', ...kinds.map((kind) => {
      const floor = byKind[kind].ordersFloor;
      return floor ? `${format(floor.p50)} / ${format(floor.p99)}` : '—';
    })]);
  }
  if (kinds.some((kind) => byKind[kind].message)) {
    rows.push(['message to 500 attendees: median / max ms to queue', ...kinds.map((kind) => {
      const message = byKind[kind].message;
      return message ? `${format(message.medianMs)} / ${format(message.maxMs)}` : '—';
    })]);
  }
  if (kinds.some((kind) => byKind[kind].roster)) {
    rows.push(['roster of 500 seats: p50 / p95 ms', ...kinds.map((kind) => {
      const roster = byKind[kind].roster;
      return roster ? `${format(roster.p50Ms, 1)} / ${format(roster.p95Ms, 1)}` : '—';
    })]);
  }
  rows.push(['peak RSS of the server MB', ...cell((f) => f.peakRssMb, 0)]);
  rows.push(['peak RSS at start, with its child processes MB', ...cell((f) => f.startPeakRssMb, 0)]);
  return { header: ['', ...kinds], rows };
}

/** A plain-text table with aligned columns. */
export function formatTable(header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => String(row[column] ?? '').length)));
  const line = (row) => row.map((cell, column) => String(cell ?? '').padEnd(widths[column])).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Median scores (0–100) and metrics of several Lighthouse results (lhr objects) of one page. */
export function summariseLighthouseRuns(lhrs) {
  const score = (id) => median(lhrs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
  const metric = (id) => median(lhrs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: round(metric('largest-contentful-paint')),
    tbtMs: round(metric('total-blocking-time')),
    cls: round(metric('cumulative-layout-shift'), 3),
    fcpMs: round(metric('first-contentful-paint')),
    speedIndexMs: round(metric('speed-index')),
  };
}

/**
 * What holds a page's scores back, from one Lighthouse result: performance audits that are not
 * perfect (largest estimated savings first), then failed audits of the other categories.
 */
export function lighthouseFindings(lhr, limit = 8) {
  const refs = (id) => lhr.categories[id]?.auditRefs ?? [];
  const notPerfect = (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual';
  const performance = refs('performance')
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id])
    .filter(notPerfect)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
      savingsMs: audit.metricSavings ? Math.max(0, ...Object.entries(audit.metricSavings).filter(([key]) => key !== 'CLS').map(([, value]) => value ?? 0)) : 0,
      items: detailItems(audit),
    }))
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, limit);
  const others = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    refs(category)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => notPerfect(audit) && audit.scoreDisplayMode === 'binary')
      .map((audit) => ({ category, id: audit.id, title: audit.title, items: detailItems(audit) })),
  );
  return { performance, others };
}

/** The first few rows of an audit's details (URLs, timings, sources), flattened to short text. */
function detailItems(audit, limit = 5) {
  // Some insights keep an object (a tree, a list of sections) in `items`: nothing flat to show.
  const items = Array.isArray(audit.details?.items) ? audit.details.items : [];
  return items.slice(0, limit).map((item) =>
    Object.entries(item)
      .filter(([, value]) => typeof value === 'string' || typeof value === 'number' || (value && typeof value === 'object' && typeof value.url === 'string'))
      .map(([key, value]) => `${key}=${typeof value === 'number' ? round(value) : typeof value === 'string' ? value.slice(0, 160) : value.url}`)
      .join(' '),
  );
}
