// Types of stats.mjs for the TypeScript unit test (tests/unit/bench-stats.test.ts).

export declare const BENCH_TARGETS: { minReadRatio: number; maxPostgresReadP99Ms: number; minPostgresBookingsPerSecond: number; minFloorRatio: number; minReplayReadRatio: number; minOrdersFloorRatio: number };

/** An order of the sustained orders run: its seats and how many of them are named (the buyer first). */
export type OrderShape = { seats: number; named: number };
export declare function orderShape(n: number): OrderShape;
export type Person = { firstName: string; lastName: string; email: string };
export declare function orderAttendees(shape: OrderShape, buyer: Person): Person[];

export type LoadFigures = { requestsPerSecond: number; p50: number; p99: number; requests: number; non2xx: number; errors: number };
export type ReadFigures = { route: string; bytes?: number; contentType?: string; app: LoadFigures; raw: LoadFigures; ratio: number };
export type OutcomeTally = { statusCounts: Record<string, number>; serverErrors: number; networkErrors: number };
export type RushFigures = OutcomeTally & { seats: number; attempts: number; winners: number; seatsTaken: number | null; durationMs: number };
export type SustainedFigures = OutcomeTally & {
  seats: number;
  attempts: number;
  concurrency: number;
  booked: number;
  durationMs: number;
  bookingsPerSecond: number;
  p50: number;
  p99: number;
  seatsTaken: number | null;
  dateId?: number;
  slices?: number;
};
/** The database's floor (db-floor.mjs): one free booking's statements through `pg`, PostgreSQL only. */
export type FloorFigures = {
  concurrency: number;
  poolSize: number;
  statementsPerBooking: number;
  booked: number;
  failed: number;
  durationMs: number;
  bookingsPerSecond: number;
  p50: number;
  p99: number;
  seatsTaken: number | null;
};
/** The sustained orders run (load.mjs sustainedOrders): free orders of orderShape(n) over HTTP. */
export type OrdersFigures = OutcomeTally & {
  attempts: number;
  concurrency: number;
  placed: number;
  seatsAsked: number;
  durationMs: number;
  ordersPerSecond: number;
  seatsPerSecond: number;
  p50: number;
  p99: number;
  seatsTaken: number | null;
  dateId?: number;
  slices?: number;
};
/** The database's floor for the orders run: the same orders' statements through `pg`. */
export type OrdersFloorFigures = {
  concurrency: number;
  poolSize: number;
  statementsPerOrder: number | null;
  orders: number;
  seats: number;
  failed: number;
  durationMs: number;
  ordersPerSecond: number;
  seatsPerSecond: number;
  p50: number;
  p99: number;
  seatsTaken: number | null;
};
/** GET of a route quiet and while one client replays a booking (load.mjs readUnderReplay). */
export type ReplayFigures = {
  route: string;
  quiet: { requestsPerSecond: number; p50: number; p99: number };
  replayed: { requestsPerSecond: number; p50: number; p99: number };
  ratio: number;
  replay: { requests: number; perSecond: number; statusCounts: Record<string, number> };
};
/** A date's roster read one after another (rosterReads in load.mjs). */
export type RosterFigures = { attendees: number; reads: number; p50Ms: number; p95Ms: number };
export type DatabaseFigures = { reads: ReadFigures[]; replay?: ReplayFigures; rush: RushFigures; sustained: SustainedFigures; floor?: FloorFigures | null; orders?: OrdersFigures; ordersFloor?: OrdersFloorFigures | null; roster?: RosterFigures; peakRssMb: number | null; startPeakRssMb?: number | null };
export type TargetCheck = { name: string; value: number; met: boolean };

export declare function lighthousePerformanceTarget(path: string): number;
export declare function percentile(values: number[], p: number): number;
export declare function median(values: number[]): number;
export declare function countStatuses(statuses: (number | string)[]): Record<string, number>;
export declare function serverErrors(counts: Record<string, number>): number;
export declare function visitorAddress(i: number): string;
export declare function floorRatio(figures: DatabaseFigures): number;
export declare function ordersFloorRatio(figures: DatabaseFigures): number;
export declare function checkTargets(kind: 'embedded' | 'postgres', figures: DatabaseFigures): TargetCheck[];
export declare function round(value: number, digits?: number): number;
export declare function resultRows(byKind: Record<string, DatabaseFigures>): { header: string[]; rows: string[][] };
export declare function formatTable(header: string[], rows: (string | number)[][]): string;

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; group?: string }[] } | undefined>;
  audits: Record<
    string,
    | { id: string; title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string; metricSavings?: Record<string, number | undefined>; details?: { items?: Record<string, unknown>[] } }
    | undefined
  >;
};
export type LighthouseSummary = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
};
export declare function summariseLighthouseRuns(lhrs: Lhr[]): LighthouseSummary;
export declare function lighthouseFindings(
  lhr: Lhr,
  limit?: number,
): {
  performance: { id: string; title: string; displayValue: string; savingsMs: number; items: string[] }[];
  others: { category: string; id: string; title: string; items: string[] }[];
};
