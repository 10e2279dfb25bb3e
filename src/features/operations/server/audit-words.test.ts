import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  actorWords,
  changesOf,
  dayOfDate,
  DESCRIBED_ACTIONS,
  describeAuditRow,
  humanise,
  idsNamedBy,
  NO_LOOKUPS,
  offsetWords,
  valueWords,
  type AuditLookups,
  type AuditRow,
} from './audit-words';

const row = (action: string, fields: Partial<AuditRow> = {}): AuditRow => ({ actor: 'jane@example.com', action, entity: null, entityId: null, details: null, ...fields });

/** Two dates, a booking on the first and an order, as describe-audit-entry.ts would have looked them up. */
const lookups: AuditLookups = {
  dates: new Map([
    [7, { title: 'Prototype Lab', day: 'Fri, July 4, 2031' }],
    [8, { title: 'Prototype Lab', day: 'Fri, July 11, 2031' }],
    [9, { title: 'Pricing Clinic', day: null }],
  ]),
  bookings: new Map([[12, { person: 'Ann Lee', reference: 'K7Q-2MX', workshopDateId: 7 }]]),
  orders: new Map([[4, { reference: 'K7Q-2MX', buyer: 'Ann Lee', workshopDateId: 7 }]]),
  waitlistEntries: new Map([[3, { person: 'Bo Smith', workshopDateId: 8 }]]),
  refundRequests: new Map([[5, 12]]),
  timeZone: 'America/Los_Angeles',
};

/** Words an organiser should never meet: a details key, a snake_case action, a '#12'. */
function expectNoRawKeys(words: string) {
  expect(words).not.toMatch(/_/);
  expect(words).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*\b/);
  expect(words).not.toMatch(/#\d/);
}

describe('names', () => {
  it('names a workshop date by its title and day, and a booking by its person and order', () => {
    const { summary } = describeAuditRow(
      row('booking_moved', { entity: 'booking', entityId: '12', details: { fromWorkshopDateId: 7, toWorkshopDateId: 8, status: 'confirmed', emailed: 'moved' } }),
      lookups,
    );
    expect(summary).toBe('jane@example.com moved the booking of Ann Lee (order K7Q-2MX) from Prototype Lab, Fri, July 4, 2031 to Prototype Lab, Fri, July 11, 2031');
  });

  it('says a date is to be confirmed, and names one deleted since by the title the row kept', () => {
    expect(describeAuditRow(row('workshop_date_created', { entity: 'workshop_date', entityId: '9', details: { title: 'Pricing Clinic' } }), lookups).summary).toBe(
      'jane@example.com created the workshop date Pricing Clinic (date to be confirmed)',
    );
    expect(describeAuditRow(row('workshop_date_deactivated', { entity: 'workshop_date', entityId: '99', details: { title: 'Old Lab' } }), lookups).summary).toBe(
      'jane@example.com took Old Lab (a date since deleted) off sale instead of deleting it, as it has bookings or payments',
    );
    expect(describeAuditRow(row('workshop_date_deleted', { entity: 'workshop_date', entityId: '99', details: { title: 'Old Lab' } }), lookups).summary).toBe(
      'jane@example.com deleted the workshop date “Old Lab”',
    );
  });

  it('finds the booking of a refund through its request when the row names only the request', () => {
    expect(describeAuditRow(row('refund_failed', { actor: 'system', entity: 'refund_request', entityId: '5', details: { notes: 'Card expired' } }), lookups).summary).toBe(
      'The system could not pay out the refund of the booking of Ann Lee (order K7Q-2MX) on Prototype Lab, Fri, July 4, 2031 — Card expired',
    );
  });

  it('names the person and the date of a waiting-list entry', () => {
    expect(describeAuditRow(row('waitlist_entry_removed', { entity: 'waitlist_entry', entityId: '3', details: { was: 'waiting', seats: 2, email: 'bo@example.com' } }), lookups).summary).toBe(
      'jane@example.com removed Bo Smith from the waiting list for Prototype Lab, Fri, July 11, 2031 (2 seats)',
    );
  });

  it("tells instants on the organiser's clock", () => {
    expect(describeAuditRow(row('call_booked', { entity: 'booking', entityId: '12', details: { callId: 1, startsAt: '2031-07-10T17:00:00.000Z' } }), lookups).summary).toBe(
      'jane@example.com booked a follow-up call for the booking of Ann Lee (order K7Q-2MX) at Thu, July 10, 2031, 10:00 AM PDT',
    );
  });

  it('reads the day of a date on its own calendar', () => {
    expect(dayOfDate({ date: 'July 4, 2031', time: '10:00 PM - 11:00 PM', timezone: 'PST', isTBC: false })).toBe('Fri, July 4, 2031');
    expect(dayOfDate({ date: '', time: '', timezone: 'PST', isTBC: true })).toBeNull();
  });
});

describe('who', () => {
  it('is the admin by e-mail, the system by what it acted for, and a participant as such', () => {
    expect(actorWords(row('logout'))).toBe('jane@example.com');
    expect(actorWords(row('reservation_expired', { actor: 'system' }))).toBe('The system');
    expect(actorWords(row('refund_sent', { actor: 'the system (cancellation policy)' }))).toBe('The system (cancellation policy)');
    expect(actorWords(row('login_failed', { actor: 'anonymous' }))).toBe('Someone not signed in');
    expect(actorWords(row('booking_cancelled', { actor: 'bo@example.com', details: { by: 'participant' } }))).toBe('bo@example.com (participant)');
    expect(actorWords(row('waitlist_joined', { actor: 'bo@example.com' }))).toBe('bo@example.com (participant)');
  });
});

describe('what changed', () => {
  it('shows before and after of the fields a workshop date edit changed, under the form labels', () => {
    const edit = row('workshop_date_updated', {
      entity: 'workshop_date',
      entityId: '7',
      details: { fields: ['seatsTotal', 'priceCents', 'isActive', 'description'], changes: { seatsTotal: [10, 12], priceCents: [49900, 54900], isActive: [true, false] } },
    });
    const words = describeAuditRow(edit, lookups);
    expect(words.summary).toBe('jane@example.com changed Prototype Lab, Fri, July 4, 2031');
    expect(words.changes).toEqual([
      { label: 'Seats', from: '10 seats', to: '12 seats' },
      { label: 'Price', from: '$499.00', to: '$549.00' },
      { label: 'On sale', from: 'yes', to: 'no' },
      // A long text is named, its value not kept.
      { label: 'Description', from: null, to: null },
    ]);
  });

  it('names the secrets of the settings without values, and shows the others old → new', () => {
    const saved = row('settings_updated', {
      entity: 'settings',
      details: { fields: ['timezone', 'emailPassword', 'reservationHours', 'notifyNewBooking'], changes: { timezone: ['PST', 'EST'], reservationHours: [48, 24], notifyNewBooking: [true, false] } },
    });
    expect(changesOf(saved, lookups)).toEqual([
      { label: 'Site time zone', from: 'PST', to: 'EST' },
      { label: 'Mail server password', from: null, to: null },
      { label: 'Hours a reservation holds its seat', from: '48 hours', to: '24 hours' },
      { label: 'E-mail me about a new booking or reservation', from: 'on', to: 'off' },
    ]);
  });

  it('shows the new value where the writer kept only that, and a changed content by its label', () => {
    // Without a list of fields, in the form's order whatever order the stored object keeps.
    expect(changesOf(row('discount_code_updated', { entity: 'discount_code', details: { code: 'SPRING', changes: { maxUses: null, discountPercent: 20 } } }), lookups)).toEqual([
      { label: 'Discount', from: null, to: '20 %' },
      { label: 'Most uses', from: null, to: 'none' },
    ]);
    expect(changesOf(row('blog_post_updated', { entity: 'blog_post', details: { title: 'Hello', changes: {}, contentChanged: true } }), lookups)).toEqual([{ label: 'Content', from: null, to: null }]);
  });

  it('names a moved material by its new date, and takes from an older date edit only what its people were told changed', () => {
    expect(changesOf(row('workshop_asset_updated', { entity: 'workshop_asset', details: { title: 'Slides', changes: { workshopDateId: 8 } } }), lookups)).toEqual([
      { label: 'Workshop date', from: null, to: 'Prototype Lab, Fri, July 11, 2031' },
    ]);
    const older = row('workshop_date_updated', { entity: 'workshop_date', entityId: '7', details: { fields: ['title', 'date', 'time', 'price', 'seatsTotal'], changed: ['day'], notified: 3 } });
    expect(describeAuditRow(older, lookups)).toEqual({
      summary: 'jane@example.com changed Prototype Lab, Fri, July 4, 2031 and e-mailed 3 participants what changed',
      changes: [{ label: 'Day', from: null, to: null }],
    });
  });

  it('words values as the forms show them', () => {
    expect(valueWords('workshop_date', 'expertiseLevel', 'some_expertise', lookups)).toBe('some expertise');
    expect(valueWords('workshop_date', 'timezone', 'America/New_York', lookups)).toBe('Eastern (New York)');
    expect(valueWords('settings', 'promoEndsOn', '2031-06-21', lookups)).toBe('June 21, 2031');
    expect(valueWords('discount_code', 'expiresAt', '2031-07-01T07:00:00.000Z', lookups)).toBe('Tue, July 1, 2031, 12:00 AM PDT');
    expect(valueWords('settings', 'emailHost', '', lookups)).toBe('none');
    expect(valueWords('announcement', 'title', 'x'.repeat(200), lookups)).toHaveLength(80);
  });
});

describe('phrases', () => {
  it('humanises an action no phrase knows', () => {
    expect(humanise('booking_moved')).toBe('Booking moved');
    expect(humanise('workshopDates')).toBe('Workshop dates');
    expect(humanise('booking-confirmation')).toBe('Booking confirmation');
    expect(describeAuditRow(row('gadget_fixed', { entity: 'gadget_part', entityId: '3' }), lookups).summary).toBe('jane@example.com — Gadget fixed (a gadget part)');
  });

  it('says when a scheduled message goes out', () => {
    expect(offsetWords(-1440)).toBe('1 day before the start');
    expect(offsetWords(120)).toBe('2 hours after the start');
    expect(offsetWords(-30)).toBe('30 minutes before the start');
    expect(offsetWords(0)).toBe('at the start');
  });

  it('has no raw key, id or camelCase in any sentence, with or without the names looked up', () => {
    for (const action of DESCRIBED_ACTIONS) {
      for (const entity of [null, 'workshop_date', 'booking', 'order', 'refund_request', 'waitlist_entry']) {
        for (const names of [lookups, NO_LOOKUPS]) {
          const details = { workshopDateId: 7, fromWorkshopDateId: 7, toWorkshopDateId: 8, bookingId: 12, email: 'bo@example.com', seats: 2, bookingIds: [12], refundCents: 4000 };
          const { summary } = describeAuditRow(row(action, { entity, entityId: entity === 'order' ? '4' : entity === 'waitlist_entry' ? '3' : '12', details }), names);
          expectNoRawKeys(summary.replace('bo@example.com', '').replace('jane@example.com', ''));
        }
      }
    }
  });
});

describe('what to look up', () => {
  it('collects the ids of each kind the rows name, in their entity and in their details', () => {
    const ids = idsNamedBy([
      row('booking_moved', { entity: 'booking', entityId: '12', details: { fromWorkshopDateId: 7, toWorkshopDateId: 8 } }),
      row('refund_failed', { entity: 'refund_request', entityId: '5', details: { notes: 'x' } }),
      row('refund_sent', { entity: 'refund_request', entityId: '6', details: { bookingId: 13 } }),
      row('order_cancelled', { entity: 'order', entityId: '4', details: { bookingIds: [20, 21] } }),
      row('waitlist_left', { entity: 'waitlist_entry', entityId: '3' }),
      row('workshop_asset_updated', { entity: 'workshop_asset', entityId: '2', details: { changes: { workshopDateId: 9 } } }),
      row('scheduled_message_defaults_applied', { entity: 'scheduled_message', entityId: '10', details: { added: 2 } }),
    ]);
    expect(ids).toEqual({
      dates: new Set([7, 8, 9, 10]),
      bookings: new Set([12, 13]),
      orders: new Set([4]),
      waitlistEntries: new Set([3]),
      refundRequests: new Set([5]),
    });
  });
});

/** Every action the services write, found in their source: a new one without words fails here. */
function actionsWrittenInSource(): Set<string> {
  const patterns = [
    /\baction: '([a-z][a-z_.]+)'/g,
    /\baudit[A-Za-z]*\((?:tx|db|deps\.db), [a-zA-Z.]+, '([a-z][a-z_.]+)'/g,
    /\b[A-Z_]*(?:ACTION|SUCCEEDED)[A-Z_]* = '([a-z][a-z_.]+)'/g,
    /[a-z]Action: '([a-z][a-z_.]+)'/g,
    // insertCopies(…, 'workshop_date_duplicated'): the action is the call's last argument, on its line or its own.
    /insertCopies\([^\n]*'([a-z]+(?:_[a-z]+)+)'\);|insertCopies\((?:(?!insertCopies)[\s\S])*?\n\s*'([a-z]+(?:_[a-z]+)+)',?\s*\);/g,
    /return (?:[a-zA-Z]+ \? )?'([a-z]+_[a-z_]+)'(?: : '([a-z]+_[a-z_]+)')?;/g,
    /action = [^;]*\? '([a-z]+_[a-z_]+)' : '([a-z]+_[a-z_]+)'/g,
    /action: [^,]*\? '([a-z]+_[a-z_]+)' : '([a-z]+_[a-z_]+)'/g,
  ];
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(path) && !path.endsWith('.test.ts')) {
        const source = readFileSync(path, 'utf8');
        if (!/recordAudit|auditOf|settleAttempt|beginAttempt/.test(source)) continue;
        for (const pattern of patterns) for (const match of source.matchAll(pattern)) for (const action of match.slice(1)) if (action) found.add(action);
      }
    }
  };
  walk(join(import.meta.dirname, '../../..'));
  return found;
}

describe('coverage', () => {
  it('has words for every action the code records, and for none it no longer records', () => {
    const written = actionsWrittenInSource();
    expect([...written].filter((action) => !DESCRIBED_ACTIONS.includes(action))).toEqual([]);
    expect(DESCRIBED_ACTIONS.filter((action) => !written.has(action))).toEqual([]);
  });
});
