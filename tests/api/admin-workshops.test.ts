import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, orders, payments, waitlistEntries, workshopDates, workshopTemplates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createWorkshopDate } from '../helpers/factories';
import { clientHeaders, TEST_ADMIN, adminTestSession } from '../helpers/test-app';


const session = adminTestSession();

const db = () => session.db;

type Json = Record<string, unknown>;

/** An admin call: its status and parsed body. */
const call = session.json;

const create = (payload: Json) => call('POST', '/api/admin/workshop-dates', payload);
const update = (id: number, payload: Json) => call('PUT', `/api/admin/workshop-dates/${id}`, payload);
const remove = (id: number) => call('DELETE', `/api/admin/workshop-dates/${id}`);
const adminList = async () => (await call('GET', '/api/admin/workshop-dates')).body as Json[];
const publicIds = async () => {
  const response = await session.app.inject({ method: 'GET', url: '/api/workshop-dates' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: number }[]).map((d) => d.id);
};
const rowOf = async (id: number) => (await db().select().from(workshopDates).where(eq(workshopDates.id, id)))[0];

const dated = { date: 'July 4, 2031', time: '10:00 AM - 12:00 PM' };

async function auditRows(action: string, entityId: number) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
}

async function addBooking(workshopDateId: number, email = 'booker@example.com') {
  const [row] = await insertBookingsWithOrders(db(), { workshopDateId, firstName: 'Ada', lastName: 'Lovelace', email, originalPriceCents: 49900, finalPriceCents: 49900, isPaid: true });
  return row!;
}

describe('admin workshop routes are guarded', () => {
  it.each([
    ['GET', '/api/admin/workshop-dates'],
    ['POST', '/api/admin/workshop-dates'],
    ['PUT', '/api/admin/workshop-dates/1'],
    ['DELETE', '/api/admin/workshop-dates/1'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const response = await session.app.inject({ method, url, headers: clientHeaders, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { title: 'x' } }) });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/admin/workshop-dates validation', () => {
  it.each([
    ['no template and no title', { title: '   ', ...dated }, 'Either select a template or provide a title'],
    ['no title at all', { ...dated }, 'Either select a template or provide a title'],
    ['an unknown expertise level', { title: 'T', ...dated, expertiseLevel: 'guru' }, 'Please select an expertise level'],
    ['an empty timezone', { title: 'T', ...dated, timezone: '' }, 'Timezone is required'],
    ['zero seats', { title: 'T', ...dated, seatsTotal: 0 }, 'Must have at least one seat'],
    ['a price under a dollar', { title: 'T', ...dated, price: 0.5 }, 'Price must be at least $1'],
    ['a zero price', { title: 'T', ...dated, price: 0 }, 'Price must be at least $1'],
    ['a zoom link that is not a URL', { title: 'T', ...dated, zoomLink: 'zoom meeting' }, 'Please enter a valid Zoom link'],
    ['no date and no time without TBC', { title: 'T' }, 'Either mark as TBC or provide both date and time'],
    ['a date without a time', { title: 'T', date: 'July 4, 2031' }, 'Either mark as TBC or provide both date and time'],
    ['a time without a date', { title: 'T', time: '10:00 AM - 12:00 PM', isTBC: false }, 'Either mark as TBC or provide both date and time'],
    ['a date that does not parse', { title: 'T', date: 'Someday soon', time: '10:00 AM - 12:00 PM' }, 'Please enter a valid date, like July 4, 2031'],
    ['a date that does not exist', { title: 'T', date: 'February 30, 2031', time: '10:00 AM - 12:00 PM' }, 'Please enter a valid date, like July 4, 2031'],
    ['a time that does not parse', { title: 'T', date: 'July 4, 2031', time: 'around noon' }, 'Please enter a valid time, like 10:00 AM - 12:00 PM'],
    ['an end time that does not parse', { title: 'T', date: 'July 4, 2031', time: '10:00 AM - later' }, 'Please enter a valid time, like 10:00 AM - 12:00 PM'],
  ])('refuses %s with its message and stores nothing', async (_name, payload, message) => {
    const before = (await db().select().from(workshopDates)).length;
    const { status, body } = await create(payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect((await db().select().from(workshopDates)).length).toBe(before);
  });

  it('accepts an empty zoom link', async () => {
    const { status, body } = await create({ title: 'No zoom yet', ...dated, zoomLink: '' });
    expect(status).toBe(201);
    expect(body.zoomLink).toBeNull();
  });

  it('refuses a template that does not exist', async () => {
    const { status, body } = await create({ templateId: 999_999, ...dated });
    expect(status).toBe(400);
    expect(body.message).toBe('Workshop template not found');
  });
});

describe('POST /api/admin/workshop-dates', () => {
  it('applies the defaults of a new workshop: 10 seats, $499, PST, active, not featured, not TBC, beginner', async () => {
    const { status, body } = await create({ title: 'Defaults', ...dated });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: 'Defaults',
      seatsTotal: 10,
      seatsTaken: 0,
      price: 499,
      timezone: 'PST',
      isActive: true,
      isFeatured: false,
      isTBC: false,
      expertiseLevel: 'beginner',
      bookingsCount: 0,
      waitlistCount: 0,
    });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ priceCents: 49900, seatsTotal: 10, timezone: 'PST', isActive: true, isFeatured: false, isTBC: false });
  });

  it('stores the date in its long form and derives the start and end from date, time and timezone', async () => {
    const { status, body } = await create({ title: 'Normalised', date: 'jul 4 2031', time: '10am - 12pm', timezone: 'EST', price: 350.5 });
    expect(status).toBe(201);
    // EST names Eastern time all year: July is daylight time, UTC−4.
    expect(body).toMatchObject({
      date: 'July 4, 2031',
      time: '10:00 AM - 12:00 PM',
      price: 350.5,
      timeZoneId: 'America/New_York',
      timeZoneAbbreviation: 'EDT',
      startsAt: '2031-07-04T14:00:00.000Z',
      endsAt: '2031-07-04T16:00:00.000Z',
    });
    const row = await rowOf(body.id);
    expect(row!.date).toBe('July 4, 2031');
    expect(row!.time).toBe('10:00 AM - 12:00 PM');
    expect(row!.priceCents).toBe(35050);
    expect(row!.startsAt!.toISOString()).toBe('2031-07-04T14:00:00.000Z');
    expect(row!.endsAt!.toISOString()).toBe('2031-07-04T16:00:00.000Z');
  });

  it('reads an ISO day too and keeps a single time as a one-hour workshop', async () => {
    const { body } = await create({ title: 'ISO', date: '2031-12-01', time: '9:30 AM', timezone: 'UTC' });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ date: 'December 1, 2031', time: '9:30 AM' });
    expect(row!.startsAt!.toISOString()).toBe('2031-12-01T09:30:00.000Z');
    expect(row!.endsAt!.toISOString()).toBe('2031-12-01T10:30:00.000Z');
  });

  it('with TBC stores no date, no time and no start', async () => {
    const { status, body } = await create({ title: 'Poll pending', isTBC: true, ...dated });
    expect(status).toBe(201);
    expect(body).toMatchObject({ isTBC: true, date: '', time: '', startsAt: null });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
  });

  it('takes the title, expertise level and seats from the chosen template when the title is empty', async () => {
    const [template] = await db()
      .insert(workshopTemplates)
      .values({ title: 'Template Title', expertiseLevel: 'expert', defaultSeats: 14, description: 'From the template' })
      .returning();
    const { status, body } = await create({ templateId: template!.id, title: '', ...dated });
    expect(status).toBe(201);
    expect(body).toMatchObject({ templateId: template!.id, title: 'Template Title', expertiseLevel: 'expert', seatsTotal: 14, description: 'From the template' });

    const own = await create({ templateId: template!.id, title: 'My own title', expertiseLevel: 'some_expertise', ...dated });
    expect(own.body).toMatchObject({ title: 'My own title', expertiseLevel: 'some_expertise', seatsTotal: 10 });
  });

  it('keeps the optional texts, material links one per line', async () => {
    const { body } = await create({
      title: 'Details',
      ...dated,
      zoomLink: 'https://zoom.us/j/42',
      zoomMeetingId: '42 42',
      zoomPassword: 'pw',
      additionalInfo: 'Bring a laptop',
      materialLinks: 'https://a.example\n\n  https://b.example  \n',
      requiresImmediatePayment: false,
    });
    expect(body).toMatchObject({
      zoomLink: 'https://zoom.us/j/42',
      zoomMeetingId: '42 42',
      zoomPassword: 'pw',
      additionalInfo: 'Bring a laptop',
      materialLinks: 'https://a.example\nhttps://b.example',
      requiresImmediatePayment: false,
    });
  });

  it('writes an audit row and shows the new date to visitors at once', async () => {
    const { body } = await create({ title: 'Audited', ...dated });
    const rows = await auditRows('workshop_date_created', body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: TEST_ADMIN.email, entity: 'workshop_date' });
    expect(await publicIds()).toContain(body.id);
  });
});

describe('GET /api/admin/workshop-dates', () => {
  it('lists active and inactive dates, by start with TBC last, with booking counts and dollar prices', async () => {
    const inactive = await createWorkshopDate(db(), { isActive: false, title: 'Hidden one' });
    const booked = await createWorkshopDate(db(), { title: 'Booked one', priceCents: 12345 });
    await addBooking(booked.id, 'a@example.com');
    await addBooking(booked.id, 'b@example.com');

    const list = await adminList();
    const ids = list.map((d) => d.id);
    expect(ids).toContain(inactive.id);
    expect(list.find((d) => d.id === inactive.id)).toMatchObject({ isActive: false, bookingsCount: 0 });
    expect(list.find((d) => d.id === booked.id)).toMatchObject({ price: 123.45, bookingsCount: 2, isActive: true });

    const starts = list.map((d) => d.startsAt as string | null);
    const firstNull = starts.indexOf(null);
    expect(firstNull).toBeGreaterThan(-1);
    expect(starts.slice(firstNull).every((s) => s === null)).toBe(true);
    const dated = starts.slice(0, firstNull).map((s) => Date.parse(s!));
    expect(dated).toEqual([...dated].sort((a, b) => a - b));
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'id', 'templateId', 'title', 'description', 'expertiseLevel', 'date', 'time', 'timezone', 'seatsTotal', 'seatsTaken', 'price',
          'isActive', 'isFeatured', 'isTBC', 'requiresImmediatePayment', 'zoomLink', 'zoomMeetingId', 'zoomPassword', 'additionalInfo',
          'materialLinks', 'startsAt', 'endsAt', 'endsNextDay', 'timeZoneId', 'timeZoneAbbreviation', 'bookingsCount', 'waitlistCount', 'createdAt', 'calledOffAt',
        ].sort(),
      );
    }
  });

  it('counts the people waiting for each date or holding an offer on it, not closed entries nor those waiting for any date of the workshop', async () => {
    const [template] = await db().insert(workshopTemplates).values({ title: 'Queue workshop' }).returning();
    const full = await createWorkshopDate(db(), { title: 'Full one', templateId: template!.id, seatsTotal: 2, seatsTaken: 2 });
    const other = await createWorkshopDate(db(), { title: 'Other one', templateId: template!.id });
    const entry = (n: number, row: Partial<typeof waitlistEntries.$inferInsert>) => ({ firstName: `Queue${n}`, lastName: 'Person', email: `queue${n}@example.com`, ...row });
    await db().insert(waitlistEntries).values([
      entry(1, { workshopDateId: full.id, seats: 2 }),
      entry(2, { workshopDateId: full.id }),
      entry(3, { workshopDateId: full.id, status: 'offered', offeredAt: new Date(), offerExpiresAt: new Date(Date.now() + 86_400_000), offerSeatCents: 49900 }),
      entry(4, { workshopDateId: full.id, status: 'booked', closedAt: new Date() }),
      entry(5, { workshopDateId: full.id, status: 'left', closedAt: new Date() }),
      entry(6, { workshopDateId: full.id, status: 'removed', closedAt: new Date() }),
      entry(7, { workshopDateId: full.id, status: 'expired', closedAt: new Date() }),
      // Waits for whichever date of the workshop frees first: listed with each date's list, counted on none.
      entry(8, { templateId: template!.id }),
    ]);

    const list = await adminList();
    expect(list.find((d) => d.id === full.id)).toMatchObject({ waitlistCount: 3, bookingsCount: 0 });
    expect(list.find((d) => d.id === other.id)).toMatchObject({ waitlistCount: 0 });
    // The answer of an edit carries it too.
    const { body } = await update(full.id, { isFeatured: false });
    expect(body).toMatchObject({ waitlistCount: 3 });
  });
});

describe('PUT /api/admin/workshop-dates/:id', () => {
  it('Activate / Deactivate shows and hides the date in the public list', async () => {
    const { body } = await create({ title: 'Toggle me', ...dated });
    expect(await publicIds()).toContain(body.id);

    const off = await update(body.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect(await publicIds()).not.toContain(body.id);
    expect((await rowOf(body.id))!.isActive).toBe(false);

    const on = await update(body.id, { isActive: true });
    expect(on.body.isActive).toBe(true);
    expect(await publicIds()).toContain(body.id);
    expect(await auditRows('workshop_date_status_changed', body.id)).toHaveLength(2);
  });

  it('features one workshop at a time: featuring B un-features A', async () => {
    const a = await createWorkshopDate(db(), { title: 'A' });
    const b = await createWorkshopDate(db(), { title: 'B' });
    expect((await update(a.id, { isFeatured: true })).body.isFeatured).toBe(true);
    expect((await update(b.id, { isFeatured: true })).body.isFeatured).toBe(true);

    const featured = await db().select().from(workshopDates).where(eq(workshopDates.isFeatured, true));
    expect(featured.map((row) => row.id)).toEqual([b.id]);
    expect(await auditRows('workshop_date_featured_changed', b.id)).toHaveLength(1);

    expect((await update(b.id, { isFeatured: false })).body.isFeatured).toBe(false);
    expect(await db().select().from(workshopDates).where(eq(workshopDates.isFeatured, true))).toHaveLength(0);
  });

  it('featuring several dates at the same moment leaves exactly one featured, without errors', async () => {
    const dates = await Promise.all([1, 2, 3, 4].map((n) => createWorkshopDate(db(), { title: `Race ${n}` })));
    const answers = await Promise.all(dates.map((date) => update(date.id, { isFeatured: true })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const featured = await db().select().from(workshopDates).where(eq(workshopDates.isFeatured, true));
    expect(featured).toHaveLength(1);
    expect(dates.map((d) => d.id)).toContain(featured[0]!.id);
  });

  it('creating or editing a featured workshop also un-features the others', async () => {
    const a = await createWorkshopDate(db(), { title: 'Was featured' });
    await update(a.id, { isFeatured: true });
    const { body } = await create({ title: 'Now featured', ...dated, isFeatured: true });
    let featured = await db().select().from(workshopDates).where(eq(workshopDates.isFeatured, true));
    expect(featured.map((row) => row.id)).toEqual([body.id]);

    const edited = await update(a.id, { title: 'Featured again', isFeatured: true });
    expect(edited.status).toBe(200);
    featured = await db().select().from(workshopDates).where(eq(workshopDates.isFeatured, true));
    expect(featured.map((row) => row.id)).toEqual([a.id]);
  });

  it('edits the fields given and re-derives the start', async () => {
    const { body } = await create({ title: 'Before', ...dated, timezone: 'PST' });
    const changes = { title: 'After', date: 'August 1, 2031', time: '1:00 PM - 3:30 PM', timezone: 'UTC', seatsTotal: 20, price: 650, expertiseLevel: 'expert' };
    const { status, body: after } = await update(body.id, changes);
    expect(status).toBe(200);
    expect(after).toMatchObject({ id: body.id, ...changes, startsAt: '2031-08-01T13:00:00.000Z' });
    const row = await rowOf(body.id);
    expect(row!.endsAt!.toISOString()).toBe('2031-08-01T15:30:00.000Z');
    expect(row!.priceCents).toBe(65000);
    expect(await auditRows('workshop_date_updated', body.id)).toHaveLength(1);
  });

  it('switching TBC on clears the date, time and start; switching it off needs both again', async () => {
    const { body } = await create({ title: 'TBC later', ...dated });
    const tbc = await update(body.id, { isTBC: true });
    expect(tbc.body).toMatchObject({ isTBC: true, date: '', time: '', startsAt: null });
    expect(await rowOf(body.id)).toMatchObject({ date: '', time: '', startsAt: null, endsAt: null });

    const refused = await update(body.id, { isTBC: false });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Either mark as TBC or provide both date and time');

    const back = await update(body.id, { isTBC: false, ...dated, timezone: 'UTC' });
    expect(back.body).toMatchObject({ isTBC: false, date: 'July 4, 2031', startsAt: '2031-07-04T10:00:00.000Z' });
  });

  it('refuses the validation rules on edit too', async () => {
    const { body } = await create({ title: 'Rules', ...dated });
    expect((await update(body.id, { seatsTotal: 0 })).body.message).toBe('Must have at least one seat');
    expect((await update(body.id, { price: 0 })).body.message).toBe('Price must be at least $1');
    expect((await update(body.id, { title: '' })).body.message).toBe('Either select a template or provide a title');
    expect((await update(body.id, { zoomLink: 'nope' })).body.message).toBe('Please enter a valid Zoom link');
    expect((await update(body.id, { timezone: '' })).body.message).toBe('Timezone is required');
    expect((await rowOf(body.id))!.title).toBe('Rules');
  });

  it('refuses fewer seats than already taken and changes nothing', async () => {
    const date = await createWorkshopDate(db(), { title: 'Half full', seatsTotal: 10, seatsTaken: 5 });
    const { status, body } = await update(date.id, { title: 'Renamed', seatsTotal: 4 });
    expect(status).toBe(400);
    expect(body.message).toBe('Seats cannot be fewer than the 5 already taken');
    const row = await rowOf(date.id);
    expect(row).toMatchObject({ title: 'Half full', seatsTotal: 10, seatsTaken: 5 });
    expect(await auditRows('workshop_date_updated', date.id)).toHaveLength(0);

    const exact = await update(date.id, { seatsTotal: 5 });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({ seatsTotal: 5, seatsTaken: 5 });
  });

  it('answers 404 for a date that does not exist', async () => {
    for (const payload of [{ isActive: false }, { isFeatured: true }, { title: 'Ghost', ...dated }]) {
      const { status, body } = await update(987_654, payload);
      expect(status).toBe(404);
      expect(body.message).toBe('Workshop date not found');
    }
    expect(await rowOf(987_654)).toBeUndefined();
  });

  it('leaves the featured workshop alone when featuring a missing id fails', async () => {
    const a = await createWorkshopDate(db(), { title: 'Stays featured' });
    await update(a.id, { isFeatured: true });
    expect((await update(987_655, { isFeatured: true })).status).toBe(404);
    const featured = await db().select().from(workshopDates).where(eq(workshopDates.isFeatured, true));
    expect(featured.map((row) => row.id)).toEqual([a.id]);
  });
});

describe('DELETE /api/admin/workshop-dates/:id', () => {
  it('removes a date nobody booked', async () => {
    const { body } = await create({ title: 'Delete me', ...dated });
    const { status, body: result } = await remove(body.id);
    expect(status).toBe(200);
    expect(result).toMatchObject({ deleted: true, deactivated: false });
    expect(await rowOf(body.id)).toBeUndefined();
    expect(await publicIds()).not.toContain(body.id);
    expect(await auditRows('workshop_date_deleted', body.id)).toHaveLength(1);
  });

  it('deactivates a date that has bookings instead of deleting it', async () => {
    const { body } = await create({ title: 'Has a booking', ...dated });
    const booking = await addBooking(body.id);
    const { status, body: result } = await remove(body.id);
    expect(status).toBe(200);
    expect(result).toEqual({ deleted: false, deactivated: true, message: expect.any(String) });
    expect(await rowOf(body.id)).toMatchObject({ id: body.id, isActive: false, title: 'Has a booking' });
    expect((await db().select().from(bookings).where(eq(bookings.id, booking.id))).length).toBe(1);
    expect(await publicIds()).not.toContain(body.id);
    expect(await auditRows('workshop_date_deactivated', body.id)).toHaveLength(1);
  });

  it('deactivates a date that only a payment refers to', async () => {
    const date = await createWorkshopDate(db(), { title: 'Paid intent' });
    // A checkout that lapsed unpaid: its order and payment refer to the date, no booking does.
    const [order] = await db()
      .insert(orders)
      .values({ reference: `LAP-${date.id}`, workshopDateId: date.id, buyerFirstName: 'Ada', buyerLastName: 'Lovelace', buyerEmail: 'lapsed@example.com', seatOriginalCents: 49900, seatFinalCents: 49900, status: 'lapsed' })
      .returning();
    await db().insert(payments).values({ provider: 'demo', providerPaymentId: `pi_${date.id}`, workshopDateId: date.id, orderId: order!.id, amountCents: 49900 });
    const { body } = await remove(date.id);
    expect(body).toMatchObject({ deleted: false, deactivated: true });
    expect((await rowOf(date.id))!.isActive).toBe(false);
  });

  it('answers 404 for a date that does not exist', async () => {
    const { status, body } = await remove(987_656);
    expect(status).toBe(404);
    expect(body.message).toBe('Workshop date not found');
  });
});
