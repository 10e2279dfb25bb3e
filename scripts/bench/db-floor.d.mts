// Types of db-floor.mjs for the TypeScript test (tests/api/bench-floor.test.ts).
import type { FloorFigures } from './stats.mjs';

export type FloorQueryConfig = { text: string; values?: unknown[]; rowMode?: 'array' };
export type FloorResult = { rows: unknown[]; rowCount: number | null };
export type FloorClient = { query: (config: FloorQueryConfig) => Promise<FloorResult>; release: () => void };
/** A pg.Pool, or anything with the two calls the floor uses. */
export type FloorPool = { query: (config: FloorQueryConfig) => Promise<FloorResult>; connect: () => Promise<FloorClient> };
export type FloorSetup = { dateId: number; priceCents: number; codeId: number; code: string };
export type FloorStep = { request: 'create-payment-intent' | 'bookings'; text: string };

export declare const FLOOR_POOL_SIZE: number;
export declare const FREE_BOOKING_STEPS: FloorStep[];
export declare function statementKind(text: string): string;
export declare function floorFreeBooking(pool: FloorPool, setup: FloorSetup, visitor: number): Promise<number>;
export declare function prepareFloor(pool: FloorPool, options: { sustainedDateId: number; code: string }): Promise<FloorSetup>;
export declare function databaseFloor(
  databaseUrl: string,
  options: { code: string; concurrency: number; poolSize?: number },
): { run: (turn: { sustainedDateId: number; seconds: number }) => Promise<void>; figures: () => Promise<FloorFigures>; close: () => Promise<void> };
