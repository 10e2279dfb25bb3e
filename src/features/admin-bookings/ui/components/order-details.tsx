import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../../client/components/ui/badge';
import { formatUsd } from '../../../../common/money';
import type { AdminOrder, AdminOrderPayment } from '../../admin-bookings.schema';
import { bookingStateLabel, fullName, workshopWhen, type BookingStateLabel } from '../../booking-labels';
import { OrderActions } from './order-actions';

const ORDER_STATUS_WORDS: Record<AdminOrder['status'], string> = {
  placed: 'Placed',
  pending: 'Waiting for the card payment',
  lapsed: 'Hold ran out unpaid',
  void: 'Void: it never became seats',
};

const PAYMENT_STATUS_WORDS: Record<AdminOrderPayment['status'], string> = {
  requires_payment: 'waiting for the card',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'cancelled',
  refunding: 'refund being sent',
  refunded: 'refunded in full',
};

const PROVIDER_WORDS: Record<AdminOrderPayment['provider'], string> = { stripe: 'Stripe', demo: 'Demo card' };

/** The badge colour of each state word, in the Bookings table and the order's seats. */
export const stateTone: Record<BookingStateLabel, BadgeTone> = {
  Paid: 'success',
  FREE: 'secondary',
  Unpaid: 'paper',
  Reserved: 'accent',
  Cancelled: 'ink',
  Refunded: 'ink',
  Expired: 'paper',
  Deleted: 'paper',
};

const orderedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** One figure of the order's money, big enough to read at a glance. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-brutal border-2 border-ink bg-white px-2 py-2 sm:px-3">
      <dt className="text-xs font-extrabold uppercase tracking-label text-ink-soft">{label}</dt>
      <dd className="text-sm font-extrabold break-words tabular-nums min-[400px]:text-base sm:text-lg">{value}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-base font-extrabold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The payment's line: provider, status, amount and the provider's id (to look it up there); or why there is none. */
function paymentText(order: AdminOrder): ReactNode {
  const { payment } = order;
  if (!payment) {
    if (order.amountPaid > 0) return 'No card payment: its seats were marked paid outside the site.';
    if (order.paymentMode === 'pay_later' && order.status === 'placed') return 'No card payment yet: a reservation, paid later through its pay link.';
    return 'No card payment: nothing was charged.';
  }
  return (
    <>
      {PROVIDER_WORDS[payment.provider]} payment of <strong className="tabular-nums">{formatUsd(payment.amount)}</strong>, {PAYMENT_STATUS_WORDS[payment.status]}
      <span className="mt-0.5 block font-mono text-xs break-all text-ink-soft">{payment.providerPaymentId}</span>
    </>
  );
}

/**
 * What GET /api/admin/orders/{orderId} tells about one order: who bought it, for which date, the
 * payment and the money in and out, and every seat with its state and its share of the money.
 * Plain markup (lists, no table), so it reads in order on a phone and with a screen reader.
 */
export function OrderDetails({ order, idPrefix }: { order: AdminOrder; idPrefix: string }) {
  const buyer = fullName(order.buyer);
  const missing = order.seatCount - order.seats.length;
  return (
    <div className="space-y-5 text-sm">
      <Section id={`${idPrefix}-buyer`} title="Buyer">
        <p className="font-bold">{buyer || order.buyer.email}</p>
        <p>
          <a href={`mailto:${order.buyer.email}`} className="break-all underline decoration-2 underline-offset-2">
            {order.buyer.email}
          </a>
        </p>
        {order.buyer.company ? <p>{order.buyer.company}</p> : null}
        <p className="mt-2 text-ink-soft">
          {order.workshop.title || `Workshop #${order.workshopDateId}`}
          {order.workshop.title ? <> · {workshopWhen({ id: order.workshopDateId, ...order.workshop })}</> : null}
        </p>
        <p className="text-ink-soft">
          {order.seatCount === 1 ? '1 seat' : `${order.seatCount} seats`} · {order.paymentMode === 'pay_later' ? 'reserved, pay later' : 'paid at checkout'} · ordered{' '}
          <time dateTime={order.createdAt}>{orderedOn.format(new Date(order.createdAt))}</time> · {ORDER_STATUS_WORDS[order.status]}
        </p>
      </Section>

      <Section id={`${idPrefix}-payment`} title="Payment">
        <dl className="mb-2 grid grid-cols-3 gap-2">
          <Figure label="Paid" value={formatUsd(order.amountPaid)} />
          <Figure label="Refunded" value={formatUsd(order.amountRefunded)} />
          <Figure label="Kept" value={formatUsd(Math.max(0, order.amountPaid - order.amountRefunded))} />
        </dl>
        <p>{paymentText(order)}</p>
      </Section>

      <Section id={`${idPrefix}-actions`} title="Order actions">
        <OrderActions order={order} />
      </Section>

      <Section id={`${idPrefix}-seats`} title={`Seats (${order.seats.length})`}>
        {order.seats.length === 0 ? (
          <p className="rounded-brutal border-2 border-dashed border-ink bg-white px-3 py-3">
            {order.status === 'placed' ? 'Every seat of this order was deleted.' : 'This order never became seats.'}
          </p>
        ) : (
          <ul className="divide-y-2 divide-paper-deep rounded-brutal border-2 border-ink bg-white">
            {order.seats.map((seat) => {
              const state = bookingStateLabel(seat);
              return (
                <li key={seat.bookingId} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-3 py-2">
                  <div className="min-w-0">
                    <p className="font-bold">
                      {fullName(seat)}
                      {seat.named ? null : <span className="font-normal text-ink-soft"> (unnamed, held by the buyer)</span>}
                    </p>
                    <p className="break-all">
                      <a href={`mailto:${seat.email}`} className="underline decoration-2 underline-offset-2">
                        {seat.email}
                      </a>
                    </p>
                    <p className="text-xs text-ink-soft">
                      Booking #{seat.bookingId} · {seat.hasAttended ? 'attended' : 'not attended'}
                    </p>
                  </div>
                  {/* Beside the person where there is room; on a phone, a line of its own under them. */}
                  <div className="flex items-center gap-2 sm:block sm:text-right">
                    <Badge tone={stateTone[state]}>{state}</Badge>
                    <p className="text-xs whitespace-nowrap tabular-nums sm:mt-0.5">
                      {formatUsd(seat.finalPrice)}
                      {seat.refundedAmount > 0 ? <> · refunded {formatUsd(seat.refundedAmount)}</> : null}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {missing > 0 && order.seats.length > 0 ? (
          <p className="mt-2 text-xs text-ink-soft">{missing === 1 ? '1 seat of this order was deleted.' : `${missing} seats of this order were deleted.`}</p>
        ) : null}
      </Section>
    </div>
  );
}
