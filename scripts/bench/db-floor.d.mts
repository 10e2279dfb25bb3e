// Types of db-floor.mjs for the TypeScript test (tests/api/bench-floor.test.ts).
import type { FloorFigures, OrderShape, OrdersFloorFigures } from './stats.mjs';

export type FloorQueryConfig = { text: string; values?: unknown[]; rowMode?: 'array' };
export type FloorResult = { rows: unknown[]; rowCount: number | null };
export type FloorClient = { query: (config: FloorQueryConfig) => Promise<FloorResult>; release: () => void };
/** A pg.Pool, or anything with the two calls the floor uses. */
export type FloorPool = { query: (config: FloorQueryConfig) => Promise<FloorResult>; connect: () => Promise<FloorClient> };
export type FloorSetup = { dateId: number; priceCents: number; codeId: number; code: string };
export type FloorStep = { request: 'create-payment-intent' | 'bookings'; text: string };
type FloorTurns<F> = { run: (turn: { sustainedDateId: number; seconds: number }) => Promise<void>; figures: () => Promise<F>; close: () => Promise<void> };

export declare const FLOOR_POOL_SIZE: number;
export declare const FREE_BOOKING_STEPS: FloorStep[];
export declare function orderSteps(shape: OrderShape): FloorStep[];
export declare function statementKind(text: string): string;
export declare function floorOrder(pool: FloorPool, setup: FloorSetup, visitor: number, shape: OrderShape, steps?: FloorStep[]): Promise<{ orderId: number; bookingIds: number[] }>;
export declare function floorFreeBooking(pool: FloorPool, setup: FloorSetup, visitor: number): Promise<number>;
export declare function prepareFloor(pool: FloorPool, options: { sustainedDateId: number; code: string; seatsTotal?: number | null }): Promise<FloorSetup>;
export declare function databaseFloor(databaseUrl: string, options: { code: string; concurrency: number; poolSize?: number; unit?: 'bookings'; seatsTotal?: number | null; firstVisitor?: number }): FloorTurns<FloorFigures>;
export declare function databaseFloor(
  databaseUrl: string,
  options: { code: string; concurrency: number; poolSize?: number; unit: 'orders'; shapeOf: (n: number) => OrderShape; seatsTotal?: number | null; firstVisitor?: number },
): FloorTurns<OrdersFloorFigures>;
