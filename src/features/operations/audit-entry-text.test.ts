import { describe, expect, it } from 'vitest';
import { auditActorText, auditEntryText, auditTimeText } from './audit-entry-text';

const entry = (action: string, fields: { actor?: string; entity?: string | null; entityId?: string | null; details?: Record<string, unknown> | null } = {}) => ({
  actor: fields.actor ?? 'jane@example.com',
  action,
  entity: fields.entity ?? null,
  entityId: fields.entityId ?? null,
  details: fields.details ?? null,
});

describe('auditEntryText', () => {
  it('tells a deleted booking with whom it was for and what became of the payment', () => {
    const text = auditEntryText(
      entry('booking_deleted', { entity: 'booking', entityId: '12', details: { email: 'ana@example.com', workshopDateId: 3, status: 'confirmed', payment: 'refunded in full' } }),
    );
    expect(text).toBe('jane@example.com (admin) deleted booking #12 for ana@example.com — payment refunded in full');
  });

  it('leaves out the payment of a booking that had none', () => {
    const text = auditEntryText(entry('booking_deleted', { entity: 'booking', entityId: '7', details: { email: 'bo@example.com', payment: 'none' } }));
    expect(text).toBe('jane@example.com (admin) deleted booking #7 for bo@example.com');
  });

  it('gives the refund of a cancelled booking in dollars, and who cancelled it', () => {
    expect(auditEntryText(entry('booking_cancelled', { entity: 'booking', entityId: '12', details: { by: 'admin', refundCents: 4000 } }))).toBe(
      'jane@example.com (admin) cancelled booking #12 — refunded $40.00',
    );
    expect(
      auditEntryText(entry('booking_cancelled', { actor: 'ana@example.com', entity: 'booking', entityId: '9', details: { by: 'participant', refundCents: 0, creditCode: 'CREDIT-AB12' } })),
    ).toBe('ana@example.com (participant) cancelled booking #9 — credit code CREDIT-AB12');
    expect(auditEntryText(entry('booking_cancelled', { entity: 'booking', entityId: '4', details: { by: 'admin', refundCents: 0 } }))).toBe(
      'jane@example.com (admin) cancelled booking #4 — no refund',
    );
  });

  it('names the system and anonymous visitors in words', () => {
    expect(auditEntryText(entry('reservation_expired', { actor: 'system', entity: 'booking', entityId: '31' }))).toBe('The system let the unpaid reservation booking #31 expire');
    expect(auditEntryText(entry('login_failed', { actor: 'anonymous', entity: 'admin_user', details: { email: 'who@example.com', ip: '10.0.0.1' } }))).toBe(
      'Someone not signed in failed to sign in as who@example.com',
    );
    // A refund the cancellation policy decided is the system's, not an admin's.
    expect(auditActorText(entry('refund_sent', { actor: 'the system (cancellation policy)', entity: 'refund_request', entityId: '4' }))).toBe('The system (cancellation policy)');
  });

  it('tells sign-ins, with or without the second step', () => {
    expect(auditEntryText(entry('login_succeeded', { entity: 'admin_user', entityId: '1', details: { ip: '1.2.3.4' } }))).toBe('jane@example.com (admin) signed in');
    expect(auditEntryText(entry('login_succeeded', { entity: 'admin_user', entityId: '1', details: { totpStep: 59_000_000 } }))).toBe(
      'jane@example.com (admin) signed in with an authenticator code',
    );
    expect(auditEntryText(entry('totp_enabled', { entity: 'admin_user', entityId: '1' }))).toBe('jane@example.com (admin) turned on two-step sign-in');
  });

  it('gives amounts and booking numbers of refunds', () => {
    expect(auditEntryText(entry('refund_approved', { entity: 'refund_request', entityId: '5', details: { bookingId: 12, amountCents: 24950 } }))).toBe(
      'jane@example.com (admin) approved refund request #5 for booking #12 — refunded $249.50',
    );
  });

  it('lists the changed fields of an update', () => {
    expect(auditEntryText(entry('settings_updated', { entity: 'settings', details: { fields: ['timezone', 'currency'] } }))).toBe(
      'jane@example.com (admin) updated the settings — changed timezone, currency',
    );
  });

  it('reads an action it has no words for from its entity and verb', () => {
    expect(auditEntryText(entry('blog_post_created', { entity: 'blog_post', entityId: '3', details: { slug: 'hello', title: 'Hello world' } }))).toBe(
      'jane@example.com (admin) created blog post #3 “Hello world”',
    );
    expect(auditEntryText(entry('discount_code_updated', { entity: 'discount_code', entityId: '8', details: { code: 'SPRING', changes: { discountPercent: 20 } } }))).toBe(
      'jane@example.com (admin) updated discount code #8 “SPRING” — changed discountPercent',
    );
    expect(auditEntryText(entry('workshop_date_status_changed', { entity: 'workshop_date', entityId: '2', details: { title: 'Pricing' } }))).toBe(
      'jane@example.com (admin) changed the status of workshop date #2 “Pricing”',
    );
    expect(auditEntryText(entry('something_odd', { entity: 'gadget', entityId: 'x-1' }))).toBe('jane@example.com (admin) did “something_odd” on gadget “x-1”');
  });
});

describe('auditTimeText', () => {
  const now = new Date('2026-11-22T15:00:00Z');

  it('says how long ago within the hour', () => {
    expect(auditTimeText('2026-11-22T14:59:30Z', now, 'UTC')).toBe('just now');
    expect(auditTimeText('2026-11-22T14:55:00Z', now, 'UTC')).toBe('5 min ago');
  });

  it('gives the clock time for today and yesterday in the reader’s zone', () => {
    expect(auditTimeText('2026-11-22T09:05:00Z', now, 'UTC')).toBe('today at 9:05 AM');
    expect(auditTimeText('2026-11-21T20:30:00Z', now, 'UTC')).toBe('yesterday at 8:30 PM');
    // 07:30 UTC on the 22nd is still the 21st in Los Angeles (now is 7:00 AM there).
    expect(auditTimeText('2026-11-22T07:30:00Z', now, 'UTC')).toBe('today at 7:30 AM');
    expect(auditTimeText('2026-11-22T07:30:00Z', now, 'America/Los_Angeles')).toBe('yesterday at 11:30 PM');
  });

  it('gives the date for anything older', () => {
    expect(auditTimeText('2026-11-02T08:46:00Z', now, 'UTC')).toBe('Nov 2, 2026, 8:46 AM');
  });
});
