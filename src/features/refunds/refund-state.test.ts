import { describe, expect, it } from 'vitest';
import { refundState, type SeatRefundFacts } from './refund-state';

const seat = (facts: Partial<SeatRefundFacts> = {}): SeatRefundFacts => ({
  status: 'confirmed',
  isPaid: true,
  priceCents: 49_900,
  refundedCents: 0,
  creditCode: null,
  request: null,
  ...facts,
});

describe('the refund state of a seat', () => {
  it('a paid seat nobody asked about is not refunded; one with nothing paid has nothing to refund', () => {
    expect(refundState(seat())).toEqual({ kind: 'not-refunded', label: 'Not refunded' });
    expect(refundState(seat({ status: 'cancelled' }))).toEqual({ kind: 'not-refunded', label: 'Not refunded' });
    expect(refundState(seat({ isPaid: false, status: 'reserved' }))).toEqual({ kind: 'nothing-to-refund', label: 'Nothing to refund' });
    expect(refundState(seat({ priceCents: 0 }))).toEqual({ kind: 'nothing-to-refund', label: 'Nothing to refund' });
  });

  it('a request waiting for review is requested; a refund decided but not taken yet is being sent', () => {
    expect(refundState(seat({ request: { status: 'PENDING', amountCents: null } })).label).toBe('Refund requested');
    expect(refundState(seat({ status: 'cancelled', request: { status: 'PENDING', amountCents: 24_950 } })).label).toBe('Refund being sent');
  });

  it('says how much of the price went back, from the ledger', () => {
    expect(refundState(seat({ status: 'refunded', refundedCents: 49_900, request: { status: 'APPROVED', amountCents: 49_900 } })).label).toBe('Refunded in full');
    expect(refundState(seat({ status: 'refunded', refundedCents: 24_950, request: { status: 'APPROVED', amountCents: 24_950 } }))).toEqual({
      kind: 'partly-refunded',
      label: 'Partly refunded ($249.50 of $499.00)',
    });
    expect(refundState(seat({ status: 'cancelled', priceCents: 123_456, refundedCents: 100 })).label).toBe('Partly refunded ($1.00 of $1,234.56)');
  });

  it('a credit code given instead of money is a credit', () => {
    expect(refundState(seat({ status: 'cancelled', creditCode: 'CREDIT-ABCDEFGHJK' }))).toEqual({ kind: 'credit-issued', label: 'Credit issued' });
    expect(refundState(seat({ status: 'cancelled', creditCode: 'CREDIT-ABCDEFGHJK', request: { status: 'APPROVED', amountCents: null } })).label).toBe('Credit issued');
  });

  it('a rejected request leaves the money where it was', () => {
    expect(refundState(seat({ request: { status: 'REJECTED', amountCents: null } })).label).toBe('Not refunded');
  });

  it('a seat marked refunded before the ledger kept amounts reads as refunded in full', () => {
    expect(refundState(seat({ status: 'refunded' })).label).toBe('Refunded in full');
  });

  it('answers exactly one of the seven words for any seat', () => {
    const words = new Set(['Not refunded', 'Refund requested', 'Refund being sent', 'Refunded in full', 'Credit issued', 'Nothing to refund']);
    for (const status of ['reserved', 'confirmed', 'cancelled', 'refunded', 'expired', 'deleted'] as const) {
      for (const refundedCents of [0, 100, 49_900]) {
        for (const request of [null, { status: 'PENDING', amountCents: null }, { status: 'PENDING', amountCents: 100 }, { status: 'APPROVED', amountCents: 100 }, { status: 'REJECTED', amountCents: null }]) {
          for (const creditCode of [null, 'CREDIT-X']) {
            const { label } = refundState(seat({ status, refundedCents, request, creditCode }));
            expect(words.has(label) || /^Partly refunded \(\$[\d,.]+ of \$[\d,.]+\)$/.test(label), label).toBe(true);
          }
        }
      }
    }
  });
});
