import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, orders, payments, refunds, workshopDates } from '../../../server/db/schema';
import { enqueueEmail, listOutbox } from '../../../server/email/outbox';
import { plainTextToHtml } from '../../../server/email/templates';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { withIsoDates } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import { releaseBookingSeat, type BookingDeps, markRefunding, refundedCentsWhere, sendPaymentRefund, cancelOpenPayments } from '../../booking/server';
import { renderEmail } from '../../email-templates/server';
import {
  BOOKING_NOT_FOUND,
  PAYMENT_NOT_ON_RECORD,
  REFUND_CHOICE_REQUIRED,
  type AdminBooking,
  type ExportEmailsResponse,
  type OutboxEntryDto,
  type SendEmailInput,
} from '../admin-bookings.schema';

const BOOKING_ENTITY = 'booking';

/**
 * Cents of this seat's price that went back, from the refunds ledger: the refunds of its share,
 * and a refund of its whole payment (only ever a payment that paid this seat alone: a shared one is
 * refunded seat by seat).
 */
const refundedCents = refundedCentsWhere(sql`${refunds.bookingId} = ${bookings.id} or (${refunds.bookingId} is null and ${refunds.paymentId} = ${payments.id})`);

/** What can still go back by card: a confirmed seat's share of a payment on record as taken, less its refunds. */
const refundableCents = sql<number>`case
  when ${bookings.status} = 'confirmed' and ${bookings.isPaid} and ${payments.status} = 'succeeded'
  then greatest(${bookings.finalPriceCents} - ${refundedCentsWhere(eq(refunds.bookingId, bookings.id))}, 0)
  else 0 end`.mapWith(Number);

const bookingColumns = {
  id: bookings.id,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  company: bookings.company,
  workshopDateId: bookings.workshopDateId,
  isPaid: bookings.isPaid,
  finalPriceCents: bookings.finalPriceCents,
  originalPriceCents: bookings.originalPriceCents,
  discountAmountCents: bookings.discountAmountCents,
  discountCode: bookings.discountCode,
  stripePaymentId: bookings.stripePaymentId,
  hasAttended: bookings.hasAttended,
  status: bookings.status,
  paymentMode: bookings.paymentMode,
  createdAt: bookings.createdAt,
  orderId: bookings.orderId,
  named: bookings.named,
  orderReference: orders.reference,
  buyerEmail: orders.buyerEmail,
  buyerFirstName: orders.buyerFirstName,
  buyerLastName: orders.buyerLastName,
  orderSeats: orders.seats,
  refundedCents,
  refundableCents,
  dateId: workshopDates.id,
  dateTitle: workshopDates.title,
  dateDate: workshopDates.date,
  dateTime: workshopDates.time,
  dateTimezone: workshopDates.timezone,
};

/**
 * Bookings with their order, workshop date and the money that went back, in one query: the
 * order is every booking's own (not null), the date a left join (so a row never disappears), and
 * the booking's payment (unique provider id) joins at most one row.
 */
export function selectBookings(db: Database, where?: SQL) {
  // Deleted bookings stay in the table for their payments and the audit log, not in the lists.
  const visible = ne(bookings.status, 'deleted');
  const query = db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .leftJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .leftJoin(payments, eq(payments.providerPaymentId, bookings.stripePaymentId));
  return query.where(where ? and(visible, where) : visible).orderBy(desc(bookings.createdAt), desc(bookings.id));
}

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

/** The booking's own columns as they are, its money in dollars, its order, and its workshop date (if it still exists) as one object. */
export function toAdminBooking(row: BookingRow): AdminBooking {
  const { dateId, dateTitle, dateDate, dateTime, dateTimezone, finalPriceCents, originalPriceCents, discountAmountCents, buyerFirstName, buyerLastName, refundedCents: refunded, refundableCents: refundable, ...booking } = row;
  return {
    ...withIsoDates(booking),
    workshopDate:
      dateId === null ? null : { id: dateId, title: dateTitle ?? '', date: dateDate ?? '', time: dateTime ?? '', timezone: dateTimezone ?? '' },
    finalPrice: centsToDollars(finalPriceCents),
    originalPrice: centsToDollars(originalPriceCents),
    discountAmount: centsToDollars(discountAmountCents),
    buyerName: `${buyerFirstName} ${buyerLastName}`.trim(),
    refundedAmount: centsToDollars(refunded),
    refundableAmount: centsToDollars(refundable),
  };
}

/** Every booking, newest first (GET /api/admin/bookings). */
export async function listAdminBookings(db: Database): Promise<AdminBooking[]> {
  const rows = await selectBookings(db);
  return rows.map(toAdminBooking);
}

export async function getAdminBooking(db: Database, id: number): Promise<AdminBooking> {
  const [row] = await selectBookings(db, eq(bookings.id, id));
  if (!row) throw new HttpError(404, BOOKING_NOT_FOUND);
  return toAdminBooking(row);
}

export async function setAttendance(db: Database, actor: Actor, id: number, hasAttended: boolean): Promise<AdminBooking> {
  await db.transaction(async (tx) => {
    const updated = await tx.update(bookings).set({ hasAttended }).where(and(eq(bookings.id, id), ne(bookings.status, 'deleted'))).returning({ id: bookings.id });
    if (updated.length === 0) throw new HttpError(404, BOOKING_NOT_FOUND);
    await recordAudit(tx, { actor: actor.email, action: 'booking_attendance_updated', entity: BOOKING_ENTITY, entityId: id, details: { hasAttended } });
  });
  return getAdminBooking(db, id);
}

/**
 * Deletes a booking (docs/decisions/008-booking-lifecycle.md): it leaves every list, gives back
 * its seat and code use if it held them, and never comes back. The row stays, marked 'deleted',
 * so its payment still names it: replaying that payment finds it deleted and books nothing. A
 * paid booking needs the admin's choice: refund the payment in full (the payer is e-mailed), or
 * keep it; the choice is recorded in the audit log. Without a choice: 409, nothing changes.
 */
export async function deleteBooking(deps: BookingDeps, actor: Actor, id: number, choice: { refund?: boolean }): Promise<{ refunded: boolean }> {
  const now = deps.now();
  const refunding = await deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!booking || booking.status === 'deleted') throw new HttpError(404, BOOKING_NOT_FOUND);
    const [payment] = booking.isPaid && booking.stripePaymentId
      ? await tx.select().from(payments).where(eq(payments.providerPaymentId, booking.stripePaymentId)).for('update')
      : [];
    // Money still held for this booking: a card payment not refunded yet. A booking imported or
    // seeded with a provider id but no payment on record still asks; it can only be kept here.
    const paid = booking.status === 'confirmed' && booking.stripePaymentId !== null && booking.isPaid && (payment?.status ?? 'succeeded') === 'succeeded';
    if (paid && choice.refund === undefined) throw new HttpError(409, REFUND_CHOICE_REQUIRED, 'refund_choice_required');
    if (paid && choice.refund === true && !payment) throw new HttpError(409, PAYMENT_NOT_ON_RECORD, 'payment_not_on_record');
    // Refunding the payment in full would take back the other seats' money too.
    if (paid && choice.refund === true && (await paysOtherSeats(tx, booking))) throw new HttpError(409, SHARED_PAYMENT, 'payment_shared');

    const released = await releaseBookingSeat(tx, id, 'deleted', { deletedAt: now });
    if (!released) await tx.update(bookings).set({ status: 'deleted', deletedAt: now }).where(eq(bookings.id, id));
    const refund = paid && choice.refund === true && payment ? await markRefunding(tx, payment.id, 'admin_deleted', ['succeeded']) : null;
    await recordAudit(tx, {
      actor: actor.email,
      action: 'booking_deleted',
      entity: BOOKING_ENTITY,
      entityId: id,
      details: {
        email: booking.email,
        workshopDateId: booking.workshopDateId,
        status: booking.status,
        seatFreed: released !== null,
        payment: paid ? (refund ? 'refunded in full' : 'kept') : 'none',
      },
    });
    return refund;
  });
  if (refunding) await sendPaymentRefund(deps, refunding);
  else await cancelOpenPayments(deps, id);
  return { refunded: refunding !== null };
}

export const SHARED_PAYMENT = 'This seat was paid together with other seats of its order. Cancel it with a refund of its share instead, then delete it.';

/** Whether the seat's payment also paid other seats of its order, which keep their share of it. */
async function paysOtherSeats(tx: Database, booking: typeof bookings.$inferSelect): Promise<boolean> {
  const [other] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.stripePaymentId, booking.stripePaymentId!), ne(bookings.id, booking.id), ne(bookings.status, 'deleted')))
    .limit(1);
  return other !== undefined;
}

/** The distinct addresses of the given bookings, lower-cased and sorted; unknown ids are skipped. */
export async function exportEmails(db: Database, bookingIds: readonly number[]): Promise<ExportEmailsResponse> {
  // One array parameter rather than one parameter per id: a list of 5,000+ ids stays one
  // statement under PostgreSQL's 65,535-parameter limit. The ids are validated integers.
  const idArray = `{${bookingIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(trim(${bookings.email}))` })
    .from(bookings)
    .where(sql`${bookings.id} = any(${idArray}::int[])`);
  const emails = rows.map((row) => row.email).filter((email) => email.length > 0);
  emails.sort();
  return { emails, count: emails.length };
}

export const ADMIN_MESSAGE_TEMPLATE_OFF =
  "The 'admin-message' e-mail template is switched off, so no e-mail was sent. Turn it on under Settings → email-templates.";

/**
 * Queues the admin's message to one user in the outbox, framed by the 'admin-message' template;
 * the caller nudges the worker after commit. The text part is exactly what the admin typed.
 */
export async function queueAdminEmail(db: Database, actor: Actor, input: SendEmailInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const email = await renderEmail(
      tx,
      'admin-message',
      { subject: input.subject, email: input.email },
      { trustedHtml: { content: plainTextToHtml(input.content) }, text: input.content },
    );
    if (!email) throw new HttpError(409, ADMIN_MESSAGE_TEMPLATE_OFF, 'email_template_inactive');
    const queued = await enqueueEmail(tx, {
      to: input.email,
      bcc: email.bcc,
      subject: email.subject,
      html: email.html,
      text: email.text,
      kind: 'admin-message',
    });
    await recordAudit(tx, {
      actor: actor.email,
      action: 'admin_email_queued',
      entity: 'email_outbox',
      entityId: queued.id,
      details: { to: input.email, subject: email.subject },
    });
    return queued;
  });
}

/** GET /api/admin/outbox, newest first. */
export async function listOutboxEntries(db: Database, limit?: number): Promise<OutboxEntryDto[]> {
  const rows = await listOutbox(db, limit === undefined ? {} : { limit });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
