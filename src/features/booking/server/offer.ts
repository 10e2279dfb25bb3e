import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { publicSeatsLeft } from '../../../server/db/public-seats';
import { discountCodes, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import type { WorkshopDateRow } from './orders';
import type { BookingDeps } from './booking-deps';
import { discountInvalid, normaliseCode, usableDiscount } from './discounts';
import { priceSeat, type Price } from './pricing';
import { notEnoughSeats, releaseExpiredHolds } from './seats';

export type DiscountRow = typeof discountCodes.$inferSelect;
/** A date that can be booked and, when a code was given, that code's row if it can be used now for the seats asked. */
export type Offer = { date: WorkshopDateRow; code: string; discount: DiscountRow | null; seatsLeft: number };

/**
 * The date and the code's row in one query: every booking request needs both, and under load
 * each round trip to PostgreSQL costs the app more than the query itself (writing to the socket
 * and waking the database was a quarter of its CPU time in the sustained bench). 404 when the date
 * cannot be booked. A code that reads as unusable is judged again after holds that have run out
 * gave their uses back (the sweep may not have come by yet), so a single-use code held by a
 * checkout that was abandoned is usable again the moment its hold ends; `onSeatsChanged` hears
 * of the seats that gave back. A code counts one use per seat.
 */
export async function loadOffer(db: Database, workshopDateId: number, discountCode: string, now = new Date(), onSeatsChanged?: () => void, seats = 1): Promise<Offer> {
  const code = normaliseCode(discountCode);
  let row = await readOffer(db, workshopDateId, code, now, seats);
  if (code && row && !row.discount && (await releaseExpiredHolds(db, now)) > 0) {
    onSeatsChanged?.();
    row = await readOffer(db, workshopDateId, code, now, seats);
  }
  if (!row || !row.date.isActive || (row.date.endsAt && row.date.endsAt < now)) throw new HttpError(404, 'Workshop date not found');
  return { date: row.date, code, discount: row.discount, seatsLeft: row.seatsLeft };
}

/**
 * The offer's query, built once per database and code-or-none and run with its values: Drizzle
 * building this select (the date's and the code's columns) cost more of the server's time than
 * running it, and every price request and order reads it. The statement PostgreSQL gets is the same
 * unnamed one as before, parsed each time.
 */
function offerQuery(db: Database, withCode: boolean) {
  const code = sql.placeholder('code');
  return db
    .select({ date: workshopDates, discount: discountCodes, seatsLeft: publicSeatsLeft() })
    .from(workshopDates)
    .leftJoin(discountCodes, withCode ? and(eq(discountCodes.code, code), usableDiscount(sql.placeholder('now'), sql.placeholder('seats'))) : sql`false`)
    .where(eq(workshopDates.id, sql.placeholder('workshopDateId')))
    .limit(1)
    // An empty name: node-postgres sends an unnamed statement, as for a query not prepared.
    .prepare('');
}

type OfferQuery = ReturnType<typeof offerQuery>;
const offerQueries = new WeakMap<Database, { withCode?: OfferQuery; withoutCode?: OfferQuery }>();

function preparedOffer(db: Database, withCode: boolean): OfferQuery {
  let queries = offerQueries.get(db);
  if (!queries) offerQueries.set(db, (queries = {}));
  const key = withCode ? 'withCode' : 'withoutCode';
  return (queries[key] ??= offerQuery(db, withCode));
}

async function readOffer(db: Database, workshopDateId: number, code: string, now: Date, seats: number) {
  // The timestamp as Drizzle binds one (ISO text), so both databases read it alike.
  const [row] = await preparedOffer(db, Boolean(code)).execute({ workshopDateId, code, now: now.toISOString(), seats });
  return row;
}

/** Server-side price of one seat of an offer; a code that cannot be used is a 400. */
export function quote({ date, code, discount }: Offer): { price: Price; discount: DiscountRow | null } {
  if (!code) return { price: priceSeat(date.priceCents), discount: null };
  if (!discount) throw discountInvalid();
  return { price: priceSeat(date.priceCents, discount.discountPercent), discount };
}

/**
 * Refuses an order for more seats than the date has left for the public, before anything is
 * opened with the provider. Holds that have just run out are given back first, and the date read
 * again.
 */
export async function refuseWithoutSeats({ db, onSeatsChanged }: Pick<BookingDeps, 'db' | 'onSeatsChanged'>, offer: Pick<Offer, 'date' | 'seatsLeft'>, seats: number, now: Date): Promise<void> {
  let left = offer.seatsLeft;
  if (left >= seats) return;
  if ((await releaseExpiredHolds(db, now)) > 0) {
    onSeatsChanged?.();
    const [fresh] = await db.select({ left: publicSeatsLeft() }).from(workshopDates).where(eq(workshopDates.id, offer.date.id));
    left = fresh?.left ?? 0;
  }
  if (left < seats) throw notEnoughSeats(left);
}
