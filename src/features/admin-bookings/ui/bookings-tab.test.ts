import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../client/lib/api-client';
import type { AdminBooking, AdminOrder } from '../admin-bookings.schema';
import { ADMIN_BOOKINGS_KEY } from './api/get-admin-bookings';
import { adminOrderQuery } from './api/get-admin-order';
import BookingsTab from './bookings-tab';
import { OrderBody } from './components/order-dialog';
import { OrderDetails } from './components/order-details';

/*
 * The Bookings tab and the order panel as they render (to markup, without a browser): the order
 * and the payment on each row, early in the row so a laptop shows them beside the pinned actions,
 * the filters above the table, and the order's buyer, money and seats.
 */

const seat = (overrides: Partial<AdminBooking>): AdminBooking => ({
  id: 1,
  firstName: 'Lead',
  lastName: 'Buyer',
  email: 'lead@corp.example',
  company: 'Corp',
  workshopDateId: 7,
  workshopDate: { id: 7, title: 'Prototype in a Day', date: 'July 4, 2031', time: '10:00 AM', timezone: 'PST' },
  isPaid: true,
  finalPrice: 200,
  originalPrice: 200,
  discountAmount: 0,
  discountCode: '',
  stripePaymentId: 'pi_1',
  hasAttended: false,
  status: 'confirmed',
  paymentMode: 'pay_now',
  createdAt: '2031-06-01T10:00:00.000Z',
  orderId: 40,
  orderReference: 'K7Q-2MX',
  buyerEmail: 'lead@corp.example',
  buyerName: 'Lead Buyer',
  orderSeats: 3,
  named: true,
  refundedAmount: 0,
  refundableAmount: 0,
  ...overrides,
});

function renderTab(bookings: AdminBooking[]): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(ADMIN_BOOKINGS_KEY, bookings);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client: queryClient }, createElement(BookingsTab)));
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the Bookings table', () => {
  const html = renderTab([
    seat({ id: 3, firstName: 'Col', lastName: 'League', email: 'col@corp.example', status: 'cancelled', refundedAmount: 200 }),
    seat({ id: 2, named: false }),
    seat({ id: 9, orderId: 41, orderReference: 'ZZ9-YY8', orderSeats: 1, firstName: 'Solo', lastName: 'Free', email: 'solo@example.com', buyerEmail: 'solo@example.com', buyerName: 'Solo Free', finalPrice: 0, stripePaymentId: null }),
  ]);
  const headers = [...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((match) => text(match[1]!).trim());

  it('puts the payment and the order right after the person, before the wide columns', () => {
    expect(headers).toEqual(['', 'Name', 'Email', 'Payment', 'Order', 'Workshop', 'Company', 'Attended', 'Date Booked', 'Actions']);
  });

  it('shows each row’s order: its reference as a button, the seat’s place, and the buyer when it is someone else', () => {
    expect(html).toContain('aria-label="Order K7Q-2MX: show the order"');
    expect(html).toContain('aria-label="Order ZZ9-YY8: show the order"');
    const rows = html.split('<tr').slice(2).map(text);
    expect(rows[0]).toMatch(/Col League .* Cancelled \$200\.00 Refunded \$200\.00 K7Q-2MX Seat 2 of 3 Bought by Lead Buyer /);
    expect(rows[1]).toMatch(/Lead Buyer .* Paid \$200\.00 By card K7Q-2MX Seat 1 of 3 Unnamed, held by Lead Buyer /);
    expect(rows[2]).toMatch(/Solo Free .* FREE \$0\.00 Nothing to pay ZZ9-YY8 1 seat Prototype in a Day/);
  });

  it('offers the date, status and payment filters, each a labelled choice', () => {
    for (const label of ['Workshop date', 'Status', 'Payment']) expect(html).toMatch(new RegExp(`<label for="[^"]+" class="[^"]*">${label}</label><select id=`));
    expect(html).toContain('<option value="7">Prototype in a Day — Fri, July 4, 2031 · 10:00 AM PST</option>');
    expect(html).toContain('<option value="refunded">Refunded</option>');
    expect(html).toContain('<option value="cancelled">Cancelled</option>');
  });
});

describe('the order panel', () => {
  const order: AdminOrder = {
    id: 40,
    reference: 'K7Q-2MX',
    status: 'placed',
    workshopDateId: 7,
    workshop: { title: 'Prototype in a Day', date: 'July 4, 2031', time: '10:00 AM', timezone: 'PST' },
    buyer: { firstName: 'Lead', lastName: 'Buyer', email: 'lead@corp.example', company: 'Corp' },
    seatCount: 3,
    paymentMode: 'pay_now',
    amountPaid: 600,
    amountRefunded: 200,
    payment: { provider: 'stripe', providerPaymentId: 'pi_123', status: 'succeeded', amount: 600 },
    createdAt: '2031-06-01T10:00:00.000Z',
    cancellation: { refundable: 400, policy: { kind: 'full-refund', amount: 400 }, creditSeats: 2 },
    seats: [
      { bookingId: 2, firstName: 'Lead', lastName: 'Buyer', email: 'lead@corp.example', named: false, status: 'confirmed', isPaid: true, finalPrice: 200, refundedAmount: 0, hasAttended: true },
      { bookingId: 3, firstName: 'Col', lastName: 'League', email: 'col@corp.example', named: true, status: 'cancelled', isPaid: true, finalPrice: 200, refundedAmount: 200, hasAttended: false },
    ],
  };

  it('shows the buyer, the payment, what was paid, refunded and kept, and every seat with its state', () => {
    const shown = text(renderToStaticMarkup(createElement(OrderDetails, { order, idPrefix: 'o' })));
    expect(shown).toContain('Buyer Lead Buyer lead@corp.example Corp Prototype in a Day · Fri, July 4, 2031 · 10:00 AM PST 3 seats · paid at checkout');
    expect(shown).toContain('Paid $600.00 Refunded $200.00 Kept $400.00');
    expect(shown).toContain('Stripe payment of $600.00 , succeeded pi_123');
    expect(shown).toContain('Seats (2) Lead Buyer (unnamed, held by the buyer) lead@corp.example Booking #2 · attended Paid $200.00');
    expect(shown).toContain('Col League col@corp.example Booking #3 · not attended Cancelled $200.00 · refunded $200.00');
    expect(shown).toContain('1 seat of this order was deleted.');
  });

  it('says why an order has no seats and no payment', () => {
    const lapsed = text(renderToStaticMarkup(createElement(OrderDetails, { order: { ...order, status: 'lapsed', seats: [], payment: null, amountPaid: 0, amountRefunded: 0 }, idPrefix: 'o' })));
    expect(lapsed).toContain('No card payment: nothing was charged.');
    expect(lapsed).toContain('This order never became seats.');
    const reservation = text(renderToStaticMarkup(createElement(OrderDetails, { order: { ...order, paymentMode: 'pay_later', payment: null, amountPaid: 0, amountRefunded: 0 }, idPrefix: 'o' })));
    expect(reservation).toContain('No card payment yet: a reservation, paid later through its pay link.');
  });

  /** The panel's body for order 40, with the order's read in the given state. */
  function renderBody(state: { data?: AdminOrder; error?: Error }): string {
    // A failed read would be read again as the panel mounts (loading once more): here it stays failed.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    const query = queryClient.getQueryCache().build(queryClient, { queryKey: [...adminOrderQuery(40).queryKey] });
    if (state.data) query.setData(state.data);
    if (state.error) query.setState({ status: 'error', error: state.error, fetchStatus: 'idle' });
    return text(renderToStaticMarkup(createElement(QueryClientProvider, { client: queryClient }, createElement(OrderBody, { orderId: 40 }))));
  }

  it('says it is loading, then shows the order; a failed read offers to try again, an order gone says so', () => {
    expect(renderBody({})).toContain('Loading the order');
    expect(renderBody({ data: order })).toContain('Paid $600.00 Refunded $200.00 Kept $400.00');
    const failed = renderBody({ error: new ApiError('500: boom', 500, '') });
    expect(failed).toContain('Failed to load the order. Please try again.');
    expect(failed).toContain('Try again');
    const gone = renderBody({ error: new ApiError('404: gone', 404, '{"message":"Order not found"}') });
    expect(gone).toContain('This order is not on record any more.');
    expect(gone).not.toContain('Try again');
  });
});
