import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../server/db/client';
import { type bookings, workshopDates } from '../../../server/db/schema';
import type { AppDeps } from '../../../server/deps';
import { workshopWhenFor } from '../../../common/workshop-time';
import type { ParticipantViewer } from '../../participant/server';
import type { RefundRequestDto } from '../refunds.schema';

/** What the refund and cancellation services need from the app. */
export type RefundDeps = Pick<AppDeps, 'db' | 'payments' | 'publicCache' | 'onEmailQueued'> & {
  /** The site's address (PUBLIC_URL): the calendar files of cancellation e-mails name events by it. */
  publicUrl: string;
  /** For what goes wrong after a commit (a provider refund that failed); the caller's request log. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

export type Viewer = ParticipantViewer;
export type BookingRow = typeof bookings.$inferSelect;
export type RefundRequestRow = {
  id: number;
  bookingId: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  reason: string;
  notes: string | null;
  requestedAt: Date;
  processedAt: Date | null;
};

export const REFUND_ENTITY = 'refund_request';
export const BOOKING_ENTITY = 'booking';

/** The provider's reason for a refund the policy gives on cancellation; the same on a retry. */
export const CANCELLATION_REFUND_REASON = 'booking_cancelled';
export const REQUESTED_REFUND_REASON = 'refund_request_approved';

/**
 * Idempotency key of the provider refund for a booking cancelled under the policy. The cancel and
 * an admin's retry of it use the same key and parameters, so the money can only go back once.
 */
export const cancellationRefundKey = (bookingId: number) => `cancel-${bookingId}`;
export const requestRefundKey = (refundRequestId: number) => `refund-request-${refundRequestId}`;

export function toRefundRequestDto(row: RefundRequestRow): RefundRequestDto {
  return {
    id: row.id,
    bookingId: row.bookingId,
    status: row.status,
    reason: row.reason,
    notes: row.notes,
    requestedAt: row.requestedAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  };
}

type DateRow = Pick<typeof workshopDates.$inferSelect, 'title' | 'date' | 'time' | 'timezone' | 'isTBC' | 'startsAt' | 'endsAt' | 'endsNextDay'>;

export async function loadWorkshopDate(db: Database, workshopDateId: number): Promise<DateRow | null> {
  const [row] = await db
    .select({
      title: workshopDates.title,
      date: workshopDates.date,
      time: workshopDates.time,
      timezone: workshopDates.timezone,
      isTBC: workshopDates.isTBC,
      startsAt: workshopDates.startsAt,
      endsAt: workshopDates.endsAt,
      endsNextDay: workshopDates.endsNextDay,
    })
    .from(workshopDates)
    .where(eq(workshopDates.id, workshopDateId))
    .limit(1);
  return row ?? null;
}

/**
 * When the workshop is, in a cancellation or refund e-mail: 'Fri, July 4, 2031, 10:00 AM – 12:00 PM
 * PDT · 7:00 PM – 9:00 PM CEST for you' with the booker's zone (bookings.timeZone), else the
 * organiser's alone; the typed text when its zone rules are unknown.
 */
export function workshopWhen(date: DateRow | null, viewerZone?: string | null): string {
  if (!date || date.isTBC || !date.date) return 'date to be announced';
  return workshopWhenFor(date, viewerZone) ?? [date.date, [date.time, date.timezone].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
