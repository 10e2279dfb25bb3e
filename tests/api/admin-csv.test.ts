import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvToObjects } from '../../src/common/csv';
import { auditLog, bookings, contactMessages, discountCodes, newsletterSubscribers, orders, strategyNotes, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createWorkshopDate } from '../helpers/factories';
import { clientHeaders, adminTestSession } from '../helpers/test-app';


const session = adminTestSession({ seed: true });

const db = () => session.db;
const BOM = '\uFEFF';
const today = () => new Date().toISOString().slice(0, 10);

const download = (entity: string) => session.app.inject({ method: 'GET', url: `/api/admin/export/${entity}.csv`, headers: session.headers });
const upload = (entity: string, payload: unknown) => session.app.inject({ method: 'POST', url: `/api/admin/import/${entity}`, headers: session.headers, payload: payload as object });

/** The download read back the way the browser reads it before an import. */
async function exported(entity: string) {
  const response = await download(entity);
  expect(response.statusCode).toBe(200);
  return csvToObjects(response.body);
}

const rowCount = async (table: typeof bookings | typeof discountCodes | typeof strategyNotes | typeof workshopDates | typeof contactMessages | typeof newsletterSubscribers) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

/** An import refused as a whole: 400 with this message, and not one row of the table written. */
async function expectRefusedImport(entity: string, table: Parameters<typeof rowCount>[0], rows: object[], message: string) {
  const before = await rowCount(table);
  const response = await upload(entity, rows);
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(message);
  expect(await rowCount(table)).toBe(before);
}

const workshopByTitle = async (title: string, extra?: { isTBC?: boolean; seatsTotal?: number }) => {
  const rows = await db().select().from(workshopDates).where(eq(workshopDates.title, title)).orderBy(asc(workshopDates.id));
  return rows.find((row) => (extra?.isTBC === undefined || row.isTBC === extra.isTBC) && (extra?.seatsTotal === undefined || row.seatsTotal === extra.seatsTotal))!;
};

describe('access', () => {
  it('answers 401 to a caller without an admin session, for download and import', async () => {
    const get = await session.app.inject({ method: 'GET', url: '/api/admin/export/bookings.csv', headers: clientHeaders });
    expect(get.statusCode).toBe(401);
    const before = await rowCount(strategyNotes);
    const post = await session.app.inject({ method: 'POST', url: '/api/admin/import/strategyNotes', headers: clientHeaders, payload: [{ title: 'x', content: 'y' }] });
    expect(post.statusCode).toBe(401);
    expect(await rowCount(strategyNotes)).toBe(before);
  });

  it('answers 404 for a file or import it does not know', async () => {
    for (const url of ['/api/admin/export/admins.csv', '/api/admin/export/users.json', '/api/admin/export/users']) {
      const response = await session.app.inject({ method: 'GET', url, headers: session.headers });
      expect(response.statusCode, url).toBe(404);
    }
    const post = await upload('admins', [{ email: 'a@example.com' }]);
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'There is no CSV download with that name' });
  });
});

describe('GET /api/admin/export/{entity}.csv', () => {
  const headerRows: Record<string, string> = {
    users: 'email,name,company,workshopsBooked,attended',
    workshopDates:
      'id,title,expertiseLevel,date,time,timezone,seatsTotal,seatsTaken,price,isActive,isFeatured,isTBC,endsNextDay,requiresImmediatePayment,zoomLink,zoomMeetingId,zoomPassword,additionalInfo,materialLinks',
    bookings:
      'id,firstName,lastName,email,company,workshopDateId,workshopTitle,workshopDate,workshopTime,workshopTimezone,isPaid,finalPrice,originalPrice,discountAmount,discountCode,stripePaymentId,hasAttended,status,createdAt,refundState',
    discountCodes: 'id,code,description,discountPercent,isActive,expiresAt,maxUses,currentUses',
    contactMessages: 'id,name,email,subject,message,createdAt,isRead',
    strategyNotes: 'id,title,content,category,isArchived,createdAt,updatedAt',
  };

  for (const [entity, header] of Object.entries(headerRows)) {
    it(`${entity}: a UTF-8 CSV attachment with a BOM and the exact header row`, async () => {
      const response = await download(entity);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${entity}-${today()}.csv"`);
      expect(response.body.startsWith(`${BOM}${header}\r\n`)).toBe(true);
    });
  }

  it('workshopDates: the seeded dates with dollars, booleans and a multi-line cell', async () => {
    const open = await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 30 });
    const { rows } = await exported('workshopDates');
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.id === String(open.id))).toEqual({
      id: String(open.id),
      title: 'Introduction to Vibe Coding',
      expertiseLevel: 'beginner',
      date: open.date,
      time: '10:00 AM - 12:00 PM',
      timezone: 'PST',
      seatsTotal: '30',
      seatsTaken: '3',
      price: '499',
      isActive: 'true',
      isFeatured: 'true',
      isTBC: 'false',
      endsNextDay: 'false',
      requiresImmediatePayment: 'false',
      zoomLink: 'https://zoom.us/j/1234567890',
      zoomMeetingId: '123 456 7890',
      zoomPassword: 'vibes',
      additionalInfo: 'Bring an idea you would like to prototype. A laptop with a modern browser is all you need.',
      materialLinks: 'https://example.com/prep-guide\nhttps://example.com/tool-list',
    });
    const tbc = rows.find((row) => row.title === 'Vibe Coding for Product Teams')!;
    expect(tbc).toMatchObject({ expertiseLevel: 'some_expertise', date: '', time: '', isTBC: 'true', price: '599', zoomLink: '' });
  });

  it('bookings: one row per booking with its workshop and money in dollars', async () => {
    const open = await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 30 });
    const [maya] = await db().select().from(bookings).where(eq(bookings.email, 'maya@example.com'));
    const { rows } = await exported('bookings');
    expect(rows).toHaveLength(10);
    expect(rows.find((row) => row.email === 'maya@example.com')).toEqual({
      id: String(maya!.id),
      firstName: 'Maya',
      lastName: 'Lindqvist',
      email: 'maya@example.com',
      company: 'Northwind',
      workshopDateId: String(open.id),
      workshopTitle: 'Introduction to Vibe Coding',
      workshopDate: open.date,
      workshopTime: '10:00 AM - 12:00 PM',
      workshopTimezone: 'PST',
      isPaid: 'true',
      finalPrice: '499',
      originalPrice: '499',
      discountAmount: '0',
      discountCode: '',
      stripePaymentId: `demo_pi_seed_${open.id}_maya`,
      hasAttended: 'false',
      status: 'confirmed',
      createdAt: maya!.createdAt.toISOString(),
      refundState: 'Not refunded',
    });
    expect(rows.find((row) => row.email === 'omar@example.com')).toMatchObject({ isPaid: 'false', finalPrice: '0', discountAmount: '499', discountCode: 'PILOT100', stripePaymentId: '', refundState: 'Nothing to refund' });
  });

  it('users: one row per e-mail, derived from bookings', async () => {
    const { rows } = await exported('users');
    expect(rows).toHaveLength(10);
    expect(rows.find((row) => row.email === 'maya@example.com')).toEqual({ email: 'maya@example.com', name: 'Maya Lindqvist', company: 'Northwind', workshopsBooked: '1', attended: '0' });
    expect(rows.find((row) => row.email === 'omar@example.com')).toEqual({ email: 'omar@example.com', name: 'Omar Haddad', company: '', workshopsBooked: '1', attended: '0' });
  });

  it('discountCodes: limits and uses, empty expiry', async () => {
    const [pilot] = await db().select().from(discountCodes).where(eq(discountCodes.code, 'PILOT100'));
    const { rows } = await exported('discountCodes');
    expect(rows.find((row) => row.code === 'PILOT100')).toEqual({
      id: String(pilot!.id),
      code: 'PILOT100',
      description: 'Pilot cohort: free seat',
      discountPercent: '100',
      isActive: 'true',
      expiresAt: '',
      maxUses: '20',
      currentUses: '3',
    });
    expect(rows.find((row) => row.code === 'WELCOME10')).toMatchObject({ maxUses: '', currentUses: '0' });
  });

  it('strategyNotes: markdown content starting with "-" is guarded in the file and read back intact', async () => {
    const response = await download('strategyNotes');
    expect(response.body).toContain(`"'- Ask everyone for one idea in one sentence\n- Vote with emoji"`);
    const { rows } = csvToObjects(response.body);
    expect(rows[0]).toMatchObject({ title: 'Warm-up exercise', content: '- Ask everyone for one idea in one sentence\n- Vote with emoji', category: 'activities', isArchived: 'false' });
  });

  it('contactMessages: quotes commas, quotes and line breaks, and guards formulas', async () => {
    const createdAt = new Date('2031-07-04T10:00:00.000Z');
    const [message] = await db()
      .insert(contactMessages)
      .values({ name: 'Lovelace, Ada', email: 'ada@example.com', subject: '=SUM(1)', message: 'She said "hi"\nthen left', createdAt })
      .returning();
    const response = await download('contactMessages');
    expect(response.body).toContain(`${message!.id},"Lovelace, Ada",ada@example.com,'=SUM(1),"She said ""hi""\nthen left",2031-07-04T10:00:00.000Z,false\r\n`);
    const { rows } = csvToObjects(response.body);
    expect(rows.find((row) => row.id === String(message!.id))).toEqual({
      id: String(message!.id),
      name: 'Lovelace, Ada',
      email: 'ada@example.com',
      subject: '=SUM(1)',
      message: 'She said "hi"\nthen left',
      createdAt: '2031-07-04T10:00:00.000Z',
      isRead: 'false',
    });
  });

  it('contactMessages: guards a formula that starts after ";" or "," inside a cell, for semicolon locales too', async () => {
    const createdAt = new Date('2031-07-05T10:00:00.000Z');
    const subject = "a;=cmd|' /C calc'!A0";
    const message = 'ok,+1 555;@x\t-2';
    const [row] = await db().insert(contactMessages).values({ name: 'Semi Colon', email: 'semi@example.com', subject, message, createdAt }).returning();
    const response = await download('contactMessages');
    expect(response.body).toContain(`${row!.id},Semi Colon,semi@example.com,"a;'=cmd|' /C calc'!A0","ok,'+1 555;'@x\t'-2",`);
    const { rows } = csvToObjects(response.body);
    expect(rows.find((r) => r.id === String(row!.id))).toMatchObject({ subject, message });
  });

  it('builds a file of 5,000 bookings', async () => {
    const date = await createWorkshopDate(db(), { seatsTotal: 10_000 });
    const many = Array.from({ length: 5000 }, (_, i) => ({
      workshopDateId: date.id,
      firstName: 'Bulk',
      lastName: `Buyer ${i}`,
      email: `bulk${i}@example.com`,
      originalPriceCents: 49900,
      finalPriceCents: 49900,
      isPaid: true,
    }));
    for (let i = 0; i < many.length; i += 1000) await insertBookingsWithOrders(db(), many.slice(i, i + 1000));
    const started = Date.now();
    const { rows } = await exported('bookings');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(rows.filter((row) => row.workshopDateId === String(date.id))).toHaveLength(5000);
    await db().delete(bookings).where(eq(bookings.workshopDateId, date.id));
    await db().delete(orders).where(eq(orders.workshopDateId, date.id));
    await db().delete(workshopDates).where(eq(workshopDates.id, date.id));
  });
});

describe('round trip: download, read, import', () => {
  it('discountCodes update by code instead of duplicating, and keep their uses', async () => {
    const before = await rowCount(discountCodes);
    const { rows } = await exported('discountCodes');
    const changed = rows.map((row) => (row.code === 'WELCOME10' ? { ...row, description: 'Welcome, friend', discountPercent: '15', currentUses: '999' } : row));
    const response = await upload('discountCodes', changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: rows.length, created: 0, updated: rows.length });
    expect(await rowCount(discountCodes)).toBe(before);
    const [welcome] = await db().select().from(discountCodes).where(eq(discountCodes.code, 'WELCOME10'));
    expect(welcome).toMatchObject({ description: 'Welcome, friend', discountPercent: 15, currentUses: 0 });
    const [pilot] = await db().select().from(discountCodes).where(eq(discountCodes.code, 'PILOT100'));
    expect(pilot).toMatchObject({ currentUses: 3, maxUses: 20, discountPercent: 100 });
  });

  it('strategyNotes update by id, content intact', async () => {
    const before = await rowCount(strategyNotes);
    const { rows } = await exported('strategyNotes');
    const response = await upload('strategyNotes', { rows: rows.map((row) => ({ ...row, title: `${row.title} (v2)` })) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: rows.length });
    expect(await rowCount(strategyNotes)).toBe(before);
    const [note] = await db().select().from(strategyNotes).where(eq(strategyNotes.id, Number(rows[0]!.id)));
    expect(note).toMatchObject({ title: 'Warm-up exercise (v2)', content: '- Ask everyone for one idea in one sentence\n- Vote with emoji', category: 'activities', isArchived: false });
  });

  it('workshopDates update by id, keep seats taken and the featured one, re-derive the start', async () => {
    const before = await db().select().from(workshopDates).orderBy(asc(workshopDates.id));
    const { rows } = await exported('workshopDates');
    const open = before.find((row) => row.seatsTotal === 30)!;
    const changed = rows.map((row) => (row.id === String(open.id) ? { ...row, price: '549.50', seatsTaken: '0' } : row));
    const response = await upload('workshopDates', changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 4, created: 0, updated: 4 });
    const after = await db().select().from(workshopDates).orderBy(asc(workshopDates.id));
    expect(after).toHaveLength(before.length);
    for (const [i, row] of after.entries()) {
      expect(row.seatsTaken).toBe(before[i]!.seatsTaken);
      expect(row.isFeatured).toBe(before[i]!.isFeatured);
      expect(row.startsAt?.toISOString() ?? null).toBe(before[i]!.startsAt?.toISOString() ?? null);
      expect(row.materialLinks).toBe(before[i]!.materialLinks);
    }
    expect(after.find((row) => row.id === open.id)!.priceCents).toBe(54950);
  });
});

describe('all or nothing', () => {
  it('a bad third row answers 400 naming it, and the first two are not written', async () => {
    const rows = [{ title: 'First', content: 'one' }, { title: 'Second', content: 'two' }, { title: 'Third', content: '   ' }];
    await expectRefusedImport('strategyNotes', strategyNotes, rows, 'Row 3: Content is required');
  });

  it('names the first bad row with the field message', async () => {
    const good = { title: 'New date', date: 'August 1, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, seatsTotal: '0' }, 'Row 2: Must have at least one seat'],
      [{ ...good, price: '0.5' }, 'Row 2: Price must be at least $1'],
      [{ ...good, title: '' }, 'Row 2: Title is required'],
      [{ ...good, date: '' }, 'Row 2: Either mark as TBC or provide both date and time'],
      [{ ...good, date: 'someday' }, 'Row 2: Please enter a valid date, like July 4, 2031'],
      [{ ...good, zoomLink: 'not a link' }, 'Row 2: Please enter a valid Zoom link'],
      [{ ...good, isActive: 'maybe' }, 'Row 2: isActive must be true or false'],
      [{ ...good, expertiseLevel: 'guru' }, 'Row 2: Please select an expertise level'],
      [{ ...good, timezone: '' }, 'Row 2: Timezone is required'],
    ];
    for (const [bad, message] of cases) await expectRefusedImport('workshopDates', workshopDates, [good, bad, good], message);
  });

  it('a row refused when written (a payment id already on a booking) rolls back the rows before it, seats included', async () => {
    const open = await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 30 });
    const [maya] = await db().select().from(bookings).where(eq(bookings.email, 'maya@example.com'));
    const newBooking = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', workshopDateId: String(open.id) };
    const rows = [newBooking, { ...newBooking, email: 'grace2@example.com', stripePaymentId: maya!.stripePaymentId }];
    await expectRefusedImport('bookings', bookings, rows, `Row 2: Another booking already has this stripePaymentId (${maya!.stripePaymentId})`);
    expect((await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 30 })).seatsTaken).toBe(open.seatsTaken);
  });

  it('two new bookings with one payment id answer 400 naming the second: each is an order of its own, and one payment pays one order', async () => {
    const open = await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 30 });
    const newBooking = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', workshopDateId: String(open.id), stripePaymentId: 'pi_imported_twice' };
    const rows = [newBooking, { ...newBooking, email: 'alan@example.com' }];
    await expectRefusedImport('bookings', bookings, rows, 'Row 2: Another booking already has this stripePaymentId (pi_imported_twice)');
    expect((await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 30 })).seatsTaken).toBe(open.seatsTaken);
  });

  it('two rows with the same new discount code answer 400 and write nothing', async () => {
    const rows = [{ code: 'SUMMER', description: 'Summer' }, { code: 'AUTUMN', description: 'Autumn' }, { code: 'summer', description: 'Summer again' }];
    await expectRefusedImport('discountCodes', discountCodes, rows, 'Row 3: Code SUMMER appears twice in the file (also on row 1)');
  });

  it('refuses fewer seats than are taken, and a limit below the uses so far', async () => {
    const full = await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 7 });
    const seats = await upload('workshopDates', [{ id: String(full.id), title: full.title, date: full.date, time: full.time, timezone: full.timezone, seatsTotal: '5' }]);
    expect(seats.statusCode).toBe(400);
    expect(seats.json().message).toBe('Row 1: Seats cannot be fewer than the 7 already taken');
    expect((await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 7 })).seatsTotal).toBe(7);

    const uses = await upload('discountCodes', [{ code: 'NEWONE', description: 'New' }, { code: 'PILOT100', description: 'Pilot', maxUses: '2' }]);
    expect(uses.statusCode).toBe(400);
    expect(uses.json().message).toBe('Row 2: Max uses cannot be lower than the 3 uses so far');
    expect(await db().select().from(discountCodes).where(eq(discountCodes.code, 'NEWONE'))).toHaveLength(0);
  });

  it('an empty file answers 400', async () => {
    for (const payload of [[], { rows: [] }]) {
      const response = await upload('discountCodes', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The file has no rows to import');
    }
  });

  it('refuses a body that is not a list of row objects', async () => {
    const notAList = await upload('strategyNotes', { title: 'x' });
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().message).toBe('The import must be a list of rows');
    const notObjects = await upload('strategyNotes', ['x']);
    expect(notObjects.statusCode).toBe(400);
    expect(notObjects.json().message).toBe('Each row must be an object of column values');
  });

  it('two featured workshops in one file answer 400', async () => {
    const row = { title: 'Featured', isTBC: 'true', timezone: 'PST', isFeatured: 'true' };
    const response = await upload('workshopDates', [row, { ...row, isFeatured: 'false' }, row]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Row 3: Only one workshop may be featured; row 1 is featured too');
  });
});

describe('imports per entity', () => {
  it('workshopDates: zones by their rules, IANA names, and a range past midnight only when it says it ends the next day', async () => {
    const refused = await upload('workshopDates', [{ title: 'Late import', date: 'July 4, 2031', time: '10:00 PM - 1:00 AM', timezone: 'PST' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Row 1: End time must be after start time');
    const unknownZone = await upload('workshopDates', [{ title: 'Mars import', date: 'July 4, 2031', time: '10:00 AM', timezone: 'Mars/Olympus' }]);
    expect(unknownZone.json().message).toBe('Row 1: Please choose a time zone, like PST or America/Los_Angeles');

    const response = await upload('workshopDates', [
      { title: 'Night import', date: 'July 4, 2031', time: '10:00 PM - 1:00 AM', timezone: 'pst', endsNextDay: 'true' },
      { title: 'Berlin import', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'europe/berlin' },
    ]);
    expect(response.statusCode).toBe(200);
    const night = await workshopByTitle('Night import');
    // PST names Pacific time all year: July is daylight time, UTC−7.
    expect(night).toMatchObject({ timezone: 'PST', endsNextDay: true });
    expect(night.startsAt?.toISOString()).toBe('2031-07-05T05:00:00.000Z');
    expect(night.endsAt?.toISOString()).toBe('2031-07-05T08:00:00.000Z');
    const berlin = await workshopByTitle('Berlin import');
    expect(berlin).toMatchObject({ timezone: 'Europe/Berlin', endsNextDay: false });
    expect(berlin.startsAt?.toISOString()).toBe('2031-07-04T08:00:00.000Z');
  });

  it('workshopDates: new rows are inserted with a derived start; featuring one un-features the other', async () => {
    const response = await upload('workshopDates', [
      { id: '', title: 'Imported dated', date: '2031-08-01', time: '10:00 AM - 12:00 PM', timezone: 'utc', price: '$1,299', isFeatured: 'TRUE', seatsTaken: '5' },
      { id: '987654', title: 'Imported TBC', date: 'August 2, 2031', time: '9:00 AM', timezone: 'PST', isTBC: 'true', expertiseLevel: 'Advanced' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 2, created: 2, updated: 0 });
    const dated = await workshopByTitle('Imported dated');
    expect(dated).toMatchObject({ date: 'August 1, 2031', timezone: 'UTC', priceCents: 129900, seatsTaken: 0, seatsTotal: 10, isFeatured: true, isActive: true });
    expect(dated.startsAt?.toISOString()).toBe('2031-08-01T10:00:00.000Z');
    expect(dated.endsAt?.toISOString()).toBe('2031-08-01T12:00:00.000Z');
    const tbc = await workshopByTitle('Imported TBC');
    expect(tbc).toMatchObject({ date: '', time: '', isTBC: true, startsAt: null, expertiseLevel: 'expert' });
    expect(tbc.id).not.toBe(987654);
    const featured = await db().select().from(workshopDates).where(eq(workshopDates.isFeatured, true));
    expect(featured.map((row) => row.id)).toEqual([dated.id]);
  });

  it('bookings: a new confirmed booking takes a seat and is priced from the workshop', async () => {
    const date = await createWorkshopDate(db(), { seatsTotal: 2, priceCents: 30000 });
    const response = await upload('bookings', [
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', company: 'Navy', workshopDateId: String(date.id), hasAttended: 'true' },
      { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', workshopDateId: String(date.id), status: 'cancelled' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 2, created: 2, updated: 0 });
    const [after] = await db().select().from(workshopDates).where(eq(workshopDates.id, date.id));
    // The cancelled one holds no seat.
    expect(after!.seatsTaken).toBe(1);
    const [grace] = await db().select().from(bookings).where(eq(bookings.email, 'grace@example.com'));
    expect(grace).toMatchObject({ workshopDateId: date.id, company: 'Navy', originalPriceCents: 30000, discountAmountCents: 0, finalPriceCents: 30000, isPaid: false, hasAttended: true, status: 'confirmed' });
  });

  it('bookings: a large file is written in batches, yet a refusal still names its row and keeps nothing', async () => {
    const date = await createWorkshopDate(db(), { seatsTotal: 1200, priceCents: 10000 });
    const [maya] = await db().select().from(bookings).where(eq(bookings.email, 'maya@example.com'));
    const before = await rowCount(bookings);
    const person = (i: number) => ({ firstName: 'Batch', lastName: `Person ${i}`, email: `batch-${i}@example.com`, workshopDateId: String(date.id) });
    const rows: Record<string, string>[] = Array.from({ length: 1100 }, (_, i) => person(i));
    // Row 777 is refused when its batch is written (a payment id already on a booking); row 900 names an unknown date.
    rows[776] = { ...rows[776]!, stripePaymentId: maya!.stripePaymentId! };
    rows[899] = { ...rows[899]!, workshopDateId: '999999' };
    const refused = await upload('bookings', rows);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Row 777: Another booking already has this stripePaymentId (${maya!.stripePaymentId})`);
    // Without that refusal, the unknown date comes first.
    rows[776] = person(776);
    const unknown = await upload('bookings', rows);
    expect(unknown.json().message).toBe('Row 900: Workshop date 999999 does not exist');
    expect(await rowCount(bookings)).toBe(before);
    expect((await db().select().from(workshopDates).where(eq(workshopDates.id, date.id)))[0]!.seatsTaken).toBe(0);

    rows[899] = person(899);
    const imported = await upload('bookings', rows);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 1100, created: 1100, updated: 0 });
    expect(await rowCount(bookings)).toBe(before + 1100);
    expect((await db().select().from(workshopDates).where(eq(workshopDates.id, date.id)))[0]!.seatsTaken).toBe(1100);
    // Seats are counted across batches: 100 left, so the 101st new seat is refused.
    const more = await upload('bookings', Array.from({ length: 101 }, (_, i) => person(2000 + i)));
    expect(more.json().message).toBe(`Row 101: Workshop date ${date.id} has no seats left`);
  });

  it('bookings: a full workshop and an unknown workshop date are refused with the row', async () => {
    const full = await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 7 });
    const before = await rowCount(bookings);
    const person = { firstName: 'Full', lastName: 'House', email: 'full@example.com' };
    const noSeat = await upload('bookings', [{ ...person, workshopDateId: String(full.id) }]);
    expect(noSeat.statusCode).toBe(400);
    expect(noSeat.json().message).toBe(`Row 1: Workshop date ${full.id} has no seats left`);

    const unknown = await upload('bookings', [{ ...person, workshopDateId: String(full.id), status: 'cancelled' }, { ...person, workshopDateId: '999999' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Row 2: Workshop date 999999 does not exist');
    expect(await rowCount(bookings)).toBe(before);
    expect((await workshopByTitle('Introduction to Vibe Coding', { seatsTotal: 7 })).seatsTaken).toBe(7);
  });

  it('bookings: an existing booking changes contact details and attendance, never money or payment', async () => {
    const [omar] = await db().select().from(bookings).where(eq(bookings.email, 'omar@example.com'));
    const { rows } = await exported('bookings');
    const row = rows.find((r) => r.id === String(omar!.id))!;
    const response = await upload('bookings', [
      { ...row, firstName: 'Omar K.', company: 'Initech', hasAttended: 'true', isPaid: 'true', finalPrice: '1', stripePaymentId: 'pi_fake', status: 'refunded' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 1, created: 0, updated: 1 });
    const [after] = await db().select().from(bookings).where(eq(bookings.id, omar!.id));
    expect(after).toMatchObject({ firstName: 'Omar K.', company: 'Initech', hasAttended: true, isPaid: false, finalPriceCents: 0, stripePaymentId: null, status: 'confirmed' });
  });

  it('contactMessages: new rows are inserted; an existing id only changes isRead', async () => {
    const [existing] = await db().insert(contactMessages).values({ name: 'Old', email: 'old@example.com', subject: 'Hello', message: 'Original text' }).returning();
    const response = await upload('contactMessages', [
      { id: String(existing!.id), name: 'Changed', email: 'old@example.com', subject: 'Changed', message: 'Changed', isRead: 'true' },
      { name: 'New person', email: 'new@example.com', subject: 'Question', message: 'Is there a recording?', createdAt: '2031-01-02T03:04:05Z' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 2, created: 1, updated: 1 });
    const [after] = await db().select().from(contactMessages).where(eq(contactMessages.id, existing!.id));
    expect(after).toMatchObject({ name: 'Old', subject: 'Hello', message: 'Original text', isRead: true });
    const [created] = await db().select().from(contactMessages).where(eq(contactMessages.email, 'new@example.com'));
    expect(created).toMatchObject({ name: 'New person', isRead: false });
    expect(created!.createdAt.toISOString()).toBe('2031-01-02T03:04:05.000Z');
  });

  it('users: adds newsletter subscribers from the import, once per address', async () => {
    await db().insert(newsletterSubscribers).values({ email: 'already@example.com', source: 'booking' });
    const response = await upload('users', [
      { email: 'New.Subscriber@Example.com', name: 'New Subscriber', company: '', workshopsBooked: '0', attended: '0' },
      { email: 'already@example.com' },
      { email: 'new.subscriber@example.com' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 3, created: 1, updated: 0 });
    const [added] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'new.subscriber@example.com'));
    expect(added).toMatchObject({ source: 'import', unsubscribedAt: null });
    const [kept] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'already@example.com'));
    expect(kept!.source).toBe('booking');

    const bad = await upload('users', [{ email: 'ok@example.com' }, { email: 'not-an-address' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Row 2: Please enter a valid email address');
    expect(await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'ok@example.com'))).toHaveLength(0);
  });

  it('takes a file larger than the default 1 MB body limit', async () => {
    const before = await rowCount(contactMessages);
    const rows = Array.from({ length: 2000 }, (_, i) => ({ name: `Bulk ${i}`, email: `bulk${i}@example.com`, subject: 'Bulk', message: 'x'.repeat(1000) }));
    expect(JSON.stringify(rows).length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await upload('contactMessages', rows);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 2000, created: 2000, updated: 0 });
    expect(await rowCount(contactMessages)).toBe(before + 2000);
  });

  it('records one audit entry per import with its counts', async () => {
    const response = await upload('strategyNotes', [{ title: 'Audit me', content: 'x', category: 'none' }]);
    expect(response.statusCode).toBe(200);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'csv_imported'), eq(auditLog.entity, 'strategyNotes')));
    expect(entries.at(-1)).toMatchObject({ actor: 'admin@test.local', details: { imported: 1, created: 1, updated: 0 } });
  });
});
