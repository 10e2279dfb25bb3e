/**
 * Follow-up calls (docs/decisions/023-follow-up-calls.md): each confirmed seat books
 * `callsPerBooking` one-on-one calls with the organiser after its workshop, on free slots laid on
 * the organiser's weekly hours in the organiser's zone. Written from the API contract: the
 * organiser's call settings, the free slots (daylight-saving changes included, checked with Intl,
 * never with the product's own code), booking, moving and cancelling a call, many people racing for
 * one slot, the calendar files and the organiser's feed, a seat's end taking its calls with it, the
 * admin's list and cancel, and the day-before reminders. Seats are bought through the real checkout
 * against the local Stripe double, on a world whose clock moves forward.
 */
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CALLS_LEFT, SLOT_TAKEN } from '../../src/features/calls/calls.schema';
import { bookings, emailOutbox, followUpCalls, workshopDates } from '../../src/server/db/schema';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps, type Person } from '../helpers/lifecycle-steps';
import { participantHeaders } from '../helpers/participant-session';
import { clientHeaders, loginAsAdmin } from '../helpers/test-app';

let world: BookingWorld;
let admin: Record<string, string>;
/** Where the organiser reads mail (the settings' Reply-To): every organiser e-mail goes there. */
const ORGANISER_INBOX = 'desk@follow-up-calls.test';

beforeAll(async () => {
  world = await createBookingWorld();
  admin = (await loginAsAdmin(world.app)).headers;
  const saved = await world.app.inject({ method: 'POST', url: '/api/admin/settings', headers: admin, payload: { emailReplyTo: ORGANISER_INBOX } });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await world.close();
});

const { person, date, post, complete, reserved, code } = lifecycleSteps(() => world, { lastName: 'Caller', emailDomain: 'follow-up-calls.test' });

// ------------------------------------------------------------------------------------ requests

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
// Each request from its own address, so the per-address rate limits (tested elsewhere) stay out of the way.
let caller = 0;
const remoteAddress = () => `10.77.${(++caller >> 8) & 255}.${caller & 255}`;
const send = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  world.app.inject({ method, url, headers, remoteAddress: remoteAddress(), ...(payload === undefined ? {} : { payload }) });
const asAdmin = (method: Method, url: string, payload?: object) => send(method, url, admin, payload);

const SETTINGS = '/api/admin/call-settings';
const slotsUrl = (bookingId: number, from: string, to: string) => `/api/participant/bookings/${bookingId}/call-slots?from=${from}&to=${to}`;
const callsUrl = (bookingId: number, callId?: number) => `/api/participant/bookings/${bookingId}/calls${callId === undefined ? '' : `/${callId}`}`;

type Slot = { startsAt: string; endsAt: string };
type CallRow = { id: number; startsAt: string; endsAt: string; meetingLink: string | null; changeable: boolean };
type Seat = { id: number; email: string; person: Person; headers: Record<string, string> };

async function putSettings(payload: object) {
  const response = await asAdmin('PUT', SETTINGS, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function readSettings() {
  const response = await asAdmin('GET', SETTINGS);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The free slots a seat sees, after checking the answer is a list of ISO instants. */
async function slotsOf(seat: Seat, from: string, to: string, headers: Record<string, string> = seat.headers): Promise<Slot[]> {
  const response = await send('GET', slotsUrl(seat.id, from, to), headers);
  expect(response.statusCode, response.body).toBe(200);
  const slots = response.json() as Slot[];
  expect(Array.isArray(slots), response.body).toBe(true);
  for (const slot of slots) {
    expect(Number.isNaN(Date.parse(slot.startsAt)), slot.startsAt).toBe(false);
    expect(Number.isNaN(Date.parse(slot.endsAt)), slot.endsAt).toBe(false);
  }
  return slots;
}
const startsOf = (slots: Slot[]) => slots.map((slot) => Date.parse(slot.startsAt));

async function callsOf(seat: Seat, headers: Record<string, string> = seat.headers) {
  const response = await send('GET', callsUrl(seat.id), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    allowed: boolean;
    remaining: number;
    calls: CallRow[];
    timeZone: string;
    callMinutes: number;
    minNoticeHours: number;
    firstDay: string | null;
    lastDay: string | null;
    reason: string | null;
  };
}
const book = (seat: Seat, startsAt: string, headers: Record<string, string> = seat.headers) => send('POST', callsUrl(seat.id), headers, { startsAt });
async function booked(seat: Seat, startsAt: string): Promise<CallRow> {
  const response = await book(seat, startsAt);
  expect(response.statusCode, response.body).toBe(201);
  const call = response.json() as CallRow;
  expect(Date.parse(call.startsAt)).toBe(Date.parse(startsAt));
  return call;
}
const move = (seat: Seat, callId: number, startsAt: string) => send('PATCH', callsUrl(seat.id, callId), seat.headers, { startsAt });
const cancel = (seat: Seat, callId: number) => send('DELETE', callsUrl(seat.id, callId), seat.headers);

/** The booked calls the database holds at this instant. */
const bookedAt = (startsAt: string) => world.db.select().from(followUpCalls).where(and(eq(followUpCalls.startsAt, new Date(startsAt)), eq(followUpCalls.status, 'booked')));
const callRow = async (id: number) => (await world.db.select().from(followUpCalls).where(eq(followUpCalls.id, id)))[0];
const outbox = (kind: string, to?: string) =>
  world.db
    .select()
    .from(emailOutbox)
    .where(to === undefined ? eq(emailOutbox.kind, kind) : and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, to)))
    .orderBy(emailOutbox.id);

// ------------------------------------------------------------------------------------ seats

/** One seat bought and paid for by card through the checkout, with its person's session. */
async function paidSeat(dateId: number, name: string): Promise<Seat> {
  const who = person(name);
  const opened = await post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: who });
  expect(opened.statusCode, opened.body).toBe(200);
  const intentId = opened.json().paymentIntentId as string;
  world.stripe.succeed(intentId);
  const done = await complete(dateId, who, intentId);
  expect(done.statusCode, done.body).toBe(201);
  const [seat] = await world.db.select().from(bookings).where(eq(bookings.orderId, done.json().orderId));
  expect(seat).toMatchObject({ status: 'confirmed', isPaid: true });
  return { id: seat!.id, email: seat!.email, person: who, headers: await participantHeaders(world.app, seat!.email) };
}

/** One seat booked free with a 100 % code. */
async function freeSeat(dateId: number, name: string): Promise<Seat> {
  const who = person(name);
  const gift = await code({ discountPercent: 100, maxUses: 5 });
  const done = await post('/api/bookings', { workshopDateId: dateId, ...who, discountCode: gift.code, stripePaymentId: 'free-booking' });
  expect(done.statusCode, done.body).toBe(201);
  const [seat] = await world.db.select().from(bookings).where(eq(bookings.orderId, done.json().orderId));
  expect(seat).toMatchObject({ status: 'confirmed', finalPriceCents: 0 });
  return { id: seat!.id, email: seat!.email, person: who, headers: await participantHeaders(world.app, seat!.email) };
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** Midnight UTC of the world's day, in ms. */
const today = () => Math.floor(world.clock().getTime() / DAY_MS) * DAY_MS;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A grid time in UTC `days` after the world's day: at least 24 h ahead whenever days ≥ 2. */
const slotAt = (days: number, clock: string) => new Date(today() + days * DAY_MS + (Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))) * MINUTE_MS).toISOString();

/** The workshop on this date took place yesterday, 10:00–12:00 UTC (its seats were bought while it was ahead). */
async function endYesterday(dateId: number) {
  const day = today() - DAY_MS;
  await world.db
    .update(workshopDates)
    .set({ date: longDate.format(new Date(day)), time: '10:00 AM - 12:00 PM', timezone: 'UTC', startsAt: new Date(day + 10 * 3_600_000), endsAt: new Date(day + 12 * 3_600_000) })
    .where(eq(workshopDates.id, dateId));
}

/** A workshop that ended yesterday, with a paid seat for each name. */
async function endedWorkshopWith(title: string, names: string[]): Promise<Seat[]> {
  const row = await date({ title, seatsTotal: 10, priceCents: 10_000 });
  const seats: Seat[] = [];
  for (const name of names) seats.push(await paidSeat(row.id, name));
  await endYesterday(row.id);
  return seats;
}

/** The availability most tests use: UTC, every day all day, so any half hour at least 24 h ahead is a slot. */
const ALL_DAY_UTC = {
  callMinutes: 30,
  callsPerBooking: 2,
  timeZone: 'UTC',
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  minNoticeHours: 24,
  bookingWindowDays: 60,
  bufferMinutes: 0,
  blockedDates: [] as string[],
  meetingLink: 'https://meet.example/organiser-room',
};

// ------------------------------------------------------------------------------------ Intl, not the product

/** The wall clock in `zone` at this instant: its day, weekday (Monday 1), minutes since midnight and UTC offset. */
function wallClock(instant: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', timeZoneName: 'longOffset' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  const offset = parts.timeZoneName === 'GMT' ? 0 : (parts.timeZoneName!.startsWith('GMT-') ? -1 : 1) * (Number(parts.timeZoneName!.slice(4, 6)) * 60 + Number(parts.timeZoneName!.slice(7, 9)));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute), offset };
}

/** The instant the wall clock in `zone` shows `clock` on `day` (a time that exists). */
function zonedInstant(day: string, clock: string, zone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year!, month! - 1, date!, Number(clock.slice(0, 2)), Number(clock.slice(3, 5)));
  let guess = wall;
  for (let round = 0; round < 3; round++) guess = wall - wallClock(guess, zone).offset * MINUTE_MS;
  return guess;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
type Period = { weekday: number; start: string; end: string };
type Busy = { start: number; end: number };

/**
 * The slots the contract promises, worked out here: each day from..to in `zone`, each weekly period
 * of its weekday, every callMinutes from the period's start, ending by its end; then kept only when
 * at or after `notBefore`, ending by `notAfter`, not on a blocked day and at least `gap` minutes
 * clear of each busy interval.
 */
function expectedSlots(o: { from: string; to: string; zone: string; weekly: Period[]; callMinutes: number; notBefore: number; notAfter: number; blocked: string[]; busy: (Busy & { gap: number })[] }): number[] {
  const out: number[] = [];
  for (let day = Date.parse(`${o.from}T00:00:00Z`); day <= Date.parse(`${o.to}T00:00:00Z`); day += DAY_MS) {
    const name = utcDay(day);
    if (o.blocked.includes(name)) continue;
    const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
    for (const period of o.weekly.filter((each) => each.weekday === weekday)) {
      for (let at = minutesOf(period.start); at + o.callMinutes <= minutesOf(period.end); at += o.callMinutes) {
        const start = zonedInstant(name, `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`, o.zone);
        const end = start + o.callMinutes * MINUTE_MS;
        if (start < o.notBefore || end > o.notAfter) continue;
        if (o.busy.some((busy) => start < busy.end + busy.gap * MINUTE_MS && end > busy.start - busy.gap * MINUTE_MS)) continue;
        out.push(start);
      }
    }
  }
  return out;
}

/** The VEVENTs of an iCalendar text, as ical.js reads them. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time | null)?.toJSDate().getTime() ?? null,
    status: String(event.getFirstPropertyValue('status') ?? ''),
    // Folded lines joined again (RFC 5545 §3.1).
    text: event.toString().replace(/\r?\n[ \t]/g, ''),
  }));
}
type Attachment = { filename: string; contentType: string; content: string };
const calendarAttachment = (row: { attachments: unknown }) => {
  const files = ((row.attachments ?? []) as Attachment[]).filter((file) => file.filename.endsWith('.ics') || file.contentType.startsWith('text/calendar'));
  expect(files, 'the e-mail carries a calendar file').toHaveLength(1);
  return Buffer.from(files[0]!.content, 'base64').toString('utf8');
};

// ==================================================================================== 1. settings

describe('the call settings (GET/PUT /api/admin/call-settings)', () => {
  it('start with the defaults and a feed address', async () => {
    const settings = await readSettings();
    expect(settings).toMatchObject({
      callMinutes: 30,
      callsPerBooking: 2,
      // The site's zone: PST unless the admin chose another, which is Pacific time all year.
      timeZone: 'America/Los_Angeles',
      minNoticeHours: 24,
      bookingWindowDays: 60,
      bufferMinutes: 0,
      blockedDates: [],
    });
    expect(settings.meetingLink ?? null).toBeNull();
    const weekly = [...(settings.weeklyHours as Period[])].sort((a, b) => a.weekday - b.weekday);
    expect(weekly).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })));
    expect(typeof settings.feedToken).toBe('string');
    expect((settings.feedToken as string).length).toBeGreaterThanOrEqual(16);
    expect(settings.feedUrl).toContain('/api/calendar/organiser.ics?token=');
    expect(settings.feedUrl).toContain(encodeURIComponent(settings.feedToken));
  });

  it('until the organiser saves a zone, the zone is the site’s: reading the settings saves none', async () => {
    // The settings were read above (which gave the feed its token); the site's zone changes after.
    const site = (timezone: string) => world.app.inject({ method: 'POST', url: '/api/admin/settings', headers: admin, payload: { timezone } });
    expect((await site('EST')).statusCode).toBe(200);
    try {
      expect((await readSettings()).timeZone).toBe('America/New_York');
    } finally {
      expect((await site('PST')).statusCode).toBe(200);
    }
    expect((await readSettings()).timeZone).toBe('America/Los_Angeles');
  });

  it('a full PUT round-trips; a partial PUT changes only its fields', async () => {
    const full = {
      callMinutes: 45,
      callsPerBooking: 3,
      timeZone: 'Europe/Berlin',
      weeklyHours: [
        { weekday: 2, start: '08:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '16:30' },
        { weekday: 6, start: '10:00', end: '11:00' },
      ],
      minNoticeHours: 12,
      bookingWindowDays: 30,
      bufferMinutes: 10,
      blockedDates: ['2031-12-24', '2031-12-31'],
      meetingLink: 'https://meet.example/berlin',
    };
    const answer = await putSettings(full);
    expect(answer).toMatchObject(full);
    const read = await readSettings();
    expect(read).toMatchObject(full);
    expect(read.feedToken).toBe(answer.feedToken);

    const partial = await putSettings({ bufferMinutes: 5 });
    expect(partial).toMatchObject({ ...full, bufferMinutes: 5 });
    expect(await readSettings()).toMatchObject({ ...full, bufferMinutes: 5 });

    // An empty meeting link clears it.
    expect((await putSettings({ meetingLink: '' })).meetingLink ?? null).toBeNull();
  });

  it('answers 400 with a message to each bad field, and nothing changes', async () => {
    await putSettings({
      ...ALL_DAY_UTC,
      weeklyHours: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '10:00' },
      ],
      bufferMinutes: 0,
    });
    const before = await readSettings();
    const bad: object[] = [
      { weeklyHours: [{ weekday: 1, start: '17:00', end: '09:00' }] },
      { weeklyHours: [{ weekday: 1, start: '09:00', end: '09:00' }] },
      {
        weeklyHours: [
          { weekday: 3, start: '09:00', end: '12:00' },
          { weekday: 3, start: '11:30', end: '14:00' },
        ],
      },
      { weeklyHours: [{ weekday: 4, start: '09:00', end: '09:20' }] },
      { callMinutes: 60, weeklyHours: [{ weekday: 4, start: '09:00', end: '09:45' }] },
      { callMinutes: 240, weeklyHours: [{ weekday: 1, start: '09:00', end: '10:00' }] },
      // A call longer than a saved period (Tuesday's hour) holds, the hours unchanged.
      { callMinutes: 90 },
      { weeklyHours: [{ weekday: 8, start: '09:00', end: '17:00' }] },
      { weeklyHours: [{ weekday: 0, start: '09:00', end: '17:00' }] },
      { weeklyHours: [{ weekday: 1, start: '25:00', end: '26:00' }] },
      { weeklyHours: [{ weekday: 1, start: '9:00', end: '17:00' }] },
      { weeklyHours: 'weekdays' },
      { timeZone: 'Mars/Olympus' },
      { timeZone: '' },
      { blockedDates: ['2027-02-30'] },
      { blockedDates: ['30/01/2027'] },
      { meetingLink: 'javascript:alert(1)' },
      { meetingLink: 'not a link' },
      { colour: 'red' },
      { callMinutes: 5 },
      { callMinutes: 30.5 },
      { callMinutes: '30' },
      { callsPerBooking: 11 },
      { callsPerBooking: -1 },
      { minNoticeHours: -1 },
      { bookingWindowDays: 0 },
      { bufferMinutes: 121 },
      // A good field beside a bad one: neither is saved.
      { bufferMinutes: 15, timeZone: 'Mars/Olympus' },
      { callsPerBooking: 4, blockedDates: ['2027-02-30'] },
    ];
    for (const payload of bad) {
      const response = await asAdmin('PUT', SETTINGS, payload);
      expect(response.statusCode, `${JSON.stringify(payload)} → ${response.body}`).toBe(400);
      expect(typeof response.json().message, response.body).toBe('string');
      expect(response.json().message.length).toBeGreaterThan(0);
    }
    expect(await readSettings()).toEqual(before);
  });

  it('are the admin’s only: no session 401, a participant 401 or 403', async () => {
    const [seat] = await endedWorkshopWith('Settings guard', ['Guard']);
    for (const headers of [clientHeaders, seat!.headers]) {
      const read = await send('GET', SETTINGS, headers);
      const write = await send('PUT', SETTINGS, headers, { bufferMinutes: 30 });
      const renew = await send('POST', `${SETTINGS}/feed-token`, headers, {});
      const list = await send('GET', '/api/admin/calls', headers);
      for (const response of [read, write, renew, list]) expect([401, 403], response.body).toContain(response.statusCode);
      expect(read.body).not.toContain('feedToken');
    }
    expect((await send('GET', SETTINGS, clientHeaders)).statusCode).toBe(401);
    expect((await readSettings()).bufferMinutes).not.toBe(30);
  });
});

// ==================================================================================== 2. slots

describe('the free slots across a daylight-saving change (America/New_York, March 9, 2031)', () => {
  const ZONE = 'America/New_York';
  // Thursdays have two periods: 11:45 and 17:00 are not on a 30-minute grid from 13:15 and 09:00.
  const WEEKLY: Period[] = [
    { weekday: 1, start: '09:00', end: '17:00' },
    { weekday: 2, start: '09:00', end: '17:00' },
    { weekday: 3, start: '09:00', end: '17:00' },
    { weekday: 4, start: '09:00', end: '11:45' },
    { weekday: 4, start: '13:15', end: '17:00' },
    { weekday: 5, start: '09:00', end: '17:00' },
  ];
  /** Wednesday March 5, 2031, 6–8 PM Eastern standard time. */
  const WORKSHOP = { start: Date.parse('2031-03-05T23:00:00Z'), end: Date.parse('2031-03-06T01:00:00Z') };
  /** Another workshop date, Friday March 7, 1–3 PM EST. */
  const OTHER_DATE = { start: Date.parse('2031-03-07T18:00:00Z'), end: Date.parse('2031-03-07T20:00:00Z') };
  /** Seat B's call on Monday March 10, 10:00 EDT. */
  const TAKEN = '2031-03-10T14:00:00.000Z';
  const BLOCKED = '2031-03-11';
  let ada: Seat;
  let bob: Seat;

  beforeAll(async () => {
    await putSettings({ ...ALL_DAY_UTC, timeZone: ZONE, weeklyHours: WEEKLY, bookingWindowDays: 7, bufferMinutes: 15, blockedDates: [], minNoticeHours: 24 });
    const march = await date({
      title: 'DST workshop',
      date: 'March 5, 2031',
      time: '6:00 PM - 8:00 PM',
      timezone: 'EST',
      startsAt: new Date(WORKSHOP.start),
      endsAt: new Date(WORKSHOP.end),
      seatsTotal: 5,
      priceCents: 10_000,
    });
    await date({ title: 'Another date that Friday', date: 'March 7, 2031', time: '1:00 PM - 3:00 PM', timezone: 'EST', startsAt: new Date(OTHER_DATE.start), endsAt: new Date(OTHER_DATE.end), seatsTotal: 5 });
    ada = await paidSeat(march.id, 'Ada');
    bob = await paidSeat(march.id, 'Bob');
    await booked(bob, TAKEN);
    await putSettings({ blockedDates: [BLOCKED] });
  });

  it('by hand: 09:00 New York is 14:00 UTC on Friday (EST) and 13:00 UTC on Monday (EDT)', async () => {
    const starts = new Set(startsOf(await slotsOf(ada, '2031-03-07', '2031-03-10')));
    expect(starts.has(Date.parse('2031-03-07T14:00:00Z')), 'Friday 09:00 EST').toBe(true);
    expect(starts.has(Date.parse('2031-03-10T13:00:00Z')), 'Monday 09:00 EDT').toBe(true);
    // The same UTC hour the other side of the change is the wrong wall-clock time.
    expect(starts.has(Date.parse('2031-03-10T14:00:00Z')), 'Monday 10:00 EDT is Bob’s call').toBe(false);
    expect(starts.has(Date.parse('2031-03-07T13:00:00Z')), 'Friday 08:00 EST is before the hours').toBe(false);
    expect(starts.has(Date.parse('2031-03-10T21:00:00Z')), 'Monday 17:00 EDT is after the hours').toBe(false);
    expect(starts.has(Date.parse('2031-03-10T20:30:00Z')), 'Monday 16:30 EDT is the last slot').toBe(true);
    expect(starts.has(Date.parse('2031-03-07T21:30:00Z')), 'Friday 16:30 EST is the last slot').toBe(true);
  });

  it('each slot lies inside that day’s weekly hours on the day’s own offset, on the grid, and none is missing', async () => {
    const slots = await slotsOf(ada, '2031-03-03', '2031-03-14');
    expect(slots.length).toBeGreaterThan(0);
    const offsets = new Set<number>();
    for (const slot of slots) {
      const start = Date.parse(slot.startsAt);
      const end = Date.parse(slot.endsAt);
      expect(end - start, slot.startsAt).toBe(30 * MINUTE_MS);
      const local = wallClock(start, ZONE);
      const localEnd = wallClock(end, ZONE);
      expect(localEnd.day).toBe(local.day);
      const period = WEEKLY.find((each) => each.weekday === local.weekday && local.minutes >= minutesOf(each.start) && localEnd.minutes <= minutesOf(each.end));
      expect(period, `${slot.startsAt} is ${local.day} ${local.minutes} min, outside the weekly hours`).toBeDefined();
      expect((local.minutes - minutesOf(period!.start)) % 30, `${slot.startsAt} is off the grid`).toBe(0);
      offsets.add(local.offset);
      // Before the change Eastern standard time (-5 h), after it daylight time (-4 h).
      expect(local.offset, slot.startsAt).toBe(start < Date.parse('2031-03-09T07:00:00Z') ? -300 : -240);
    }
    expect([...offsets].sort((a, b) => a - b)).toEqual([-300, -240]);

    // Every day's first slot is 09:00 on the wall clock, whatever the offset.
    const firstOfDay = new Map<string, number>();
    for (const start of startsOf(slots)) {
      const day = wallClock(start, ZONE).day;
      if (!firstOfDay.has(day) || start < firstOfDay.get(day)!) firstOfDay.set(day, start);
    }
    for (const [day, start] of firstOfDay) expect(wallClock(start, ZONE).minutes, day).toBe(9 * 60);

    // Soundness and completeness against the contract worked out here: after the workshop's end,
    // within 7 days of it, not on the blocked day, clear of Bob's call by the 15-minute buffer and
    // of the other workshop date (the buffer around a date may or may not apply: the answer lies
    // between the two readings).
    const base = { from: '2031-03-03', to: '2031-03-14', zone: ZONE, weekly: WEEKLY, callMinutes: 30, notBefore: WORKSHOP.end, notAfter: WORKSHOP.end + 7 * DAY_MS, blocked: [BLOCKED] };
    const call = { start: Date.parse(TAKEN), end: Date.parse(TAKEN) + 30 * MINUTE_MS, gap: 15 };
    const strict = expectedSlots({ ...base, busy: [call, { ...OTHER_DATE, gap: 15 }, { ...WORKSHOP, gap: 15 }] });
    const lenient = expectedSlots({ ...base, busy: [call, { ...OTHER_DATE, gap: 0 }, { ...WORKSHOP, gap: 0 }] });
    const got = startsOf(slots).sort((a, b) => a - b);
    expect(new Set(got).size, 'no slot twice').toBe(got.length);
    for (const start of strict) expect(got, `missing ${new Date(start).toISOString()}`).toContain(start);
    for (const start of got) expect(lenient, `unexpected ${new Date(start).toISOString()}`).toContain(start);
    // By hand: Thu 6 has 5 + 7, Fri 7 has 16 less 4 under the other date (and at most 2 more at its
    // edges), Mon 10 has 16 less 3 around Bob's call, Tue 11 is blocked, Wed 12 has 16, Thu 13 is past the window.
    expect(strict).toHaveLength(12 + 10 + 13 + 16);
    expect(lenient).toHaveLength(12 + 12 + 13 + 16);

    // None overlaps another, none before the workshop's end nor past its window.
    for (let at = 1; at < got.length; at++) expect(got[at]! - got[at - 1]!).toBeGreaterThanOrEqual(30 * MINUTE_MS);
    expect(got[0]!).toBeGreaterThanOrEqual(WORKSHOP.end);
    expect(got.some((start) => wallClock(start, ZONE).day === '2031-03-13')).toBe(false);
    expect(got.some((start) => wallClock(start, ZONE).day === BLOCKED)).toBe(false);
    // Bob's call ± 15 minutes: 09:30, 10:00 and 10:30 EDT are gone, 09:00 and 11:00 stay.
    for (const gone of ['2031-03-10T13:30:00Z', '2031-03-10T14:00:00Z', '2031-03-10T14:30:00Z']) expect(got).not.toContain(Date.parse(gone));
    for (const kept of ['2031-03-10T13:00:00Z', '2031-03-10T15:00:00Z']) expect(got).toContain(Date.parse(kept));
    // The other workshop date (Friday 13:00–15:00 EST, 18:00–20:00 UTC) has no slot inside it.
    expect(got.some((start) => start < OTHER_DATE.end && start + 30 * MINUTE_MS > OTHER_DATE.start)).toBe(false);
  });

  it('the seat’s calls say the zone, the call length and its days', async () => {
    const calls = await callsOf(ada);
    expect(calls).toMatchObject({ allowed: true, remaining: 2, calls: [], timeZone: ZONE, callMinutes: 30, minNoticeHours: 24, reason: null });
    expect(['2031-03-05', '2031-03-06']).toContain(calls.firstDay);
    expect(['2031-03-12', '2031-03-13']).toContain(calls.lastDay);
    expect((await callsOf(bob)).remaining).toBe(1);
  });

  it('a range past 62 days, a bad day or a reversed range answers 400; a stranger 403; the admin reads them', async () => {
    for (const [from, to] of [
      ['2031-03-01', '2031-06-01'],
      ['2031-02-30', '2031-03-10'],
      ['2031-03-10', '2031-03-03'],
      ['March 3', '2031-03-10'],
    ]) {
      const response = await send('GET', slotsUrl(ada.id, from!, to!), ada.headers);
      expect(response.statusCode, `${from}..${to}: ${response.body}`).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    // 62 days apart is fine, 63 is not.
    expect((await send('GET', slotsUrl(ada.id, '2031-03-01', '2031-05-02'), ada.headers)).statusCode).toBe(200);
    expect((await send('GET', slotsUrl(ada.id, '2031-03-01', '2031-05-03'), ada.headers)).statusCode).toBe(400);
    expect((await send('GET', slotsUrl(ada.id, '2031-03-03', '2031-03-14'), bob.headers)).statusCode).toBe(403);
    expect([401, 403]).toContain((await send('GET', slotsUrl(ada.id, '2031-03-03', '2031-03-14'), clientHeaders)).statusCode);
    const byAdmin = await slotsOf(ada, '2031-03-03', '2031-03-14', admin);
    expect(byAdmin.length).toBeGreaterThan(0);
  });

  it('on the night the clocks spring forward, Sunday 00:00–04:00 has the six half hours that exist, each 30 minutes long', async () => {
    await putSettings({ weeklyHours: [{ weekday: 7, start: '00:00', end: '04:00' }], blockedDates: [] });
    const slots = await slotsOf(ada, '2031-03-09', '2031-03-09');
    // 00:00, 00:30, 01:00, 01:30 EST (UTC-5), then 03:00 and 03:30 EDT (UTC-4): 02:00–03:00 does not exist.
    expect(slots.map((slot) => [new Date(slot.startsAt).toISOString(), new Date(slot.endsAt).toISOString()])).toEqual([
      ['2031-03-09T05:00:00.000Z', '2031-03-09T05:30:00.000Z'],
      ['2031-03-09T05:30:00.000Z', '2031-03-09T06:00:00.000Z'],
      ['2031-03-09T06:00:00.000Z', '2031-03-09T06:30:00.000Z'],
      ['2031-03-09T06:30:00.000Z', '2031-03-09T07:00:00.000Z'],
      ['2031-03-09T07:00:00.000Z', '2031-03-09T07:30:00.000Z'],
      ['2031-03-09T07:30:00.000Z', '2031-03-09T08:00:00.000Z'],
    ]);
    expect(slots.map((slot) => wallClock(Date.parse(slot.startsAt), ZONE).minutes)).toEqual([0, 30, 60, 90, 180, 210]);
  });

  it('when the clocks fall back (November 2, 2031) 09:00 is 13:00 UTC before and 14:00 UTC after', async () => {
    const october = await date({
      title: 'Fall-back workshop',
      date: 'October 29, 2031',
      time: '6:00 PM - 8:00 PM',
      timezone: 'EST',
      startsAt: new Date('2031-10-29T22:00:00Z'),
      endsAt: new Date('2031-10-30T00:00:00Z'),
      seatsTotal: 5,
      priceCents: 10_000,
    });
    const ota = await paidSeat(october.id, 'Ota');
    await putSettings({ weeklyHours: WEEKLY.filter((period) => period.weekday !== 4).concat({ weekday: 4, start: '09:00', end: '17:00' }), bufferMinutes: 0, bookingWindowDays: 10 });
    const slots = await slotsOf(ota, '2031-10-27', '2031-11-07');
    const starts = startsOf(slots).sort((a, b) => a - b);
    // Thursday and Friday in daylight time, then Monday to Friday in standard time, 16 each; none before the end (Wednesday 8 PM).
    expect(starts).toEqual(
      ['2031-10-30', '2031-10-31', '2031-11-03', '2031-11-04', '2031-11-05', '2031-11-06', '2031-11-07'].flatMap((day) =>
        Array.from({ length: 16 }, (_, at) => Date.parse(`${day}T${day < '2031-11-02' ? '13' : '14'}:00:00Z`) + at * 30 * MINUTE_MS),
      ),
    );
    for (const start of starts) expect(wallClock(start, ZONE).offset).toBe(start < Date.parse('2031-11-02T06:00:00Z') ? -240 : -300);
  });
});

describe('the free slots near now', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('none within the minimum notice, none on a blocked day, every other half hour of the organiser’s day', async () => {
    const [seat] = await endedWorkshopWith('Notice workshop', ['Nora']);
    const day0 = today();
    const from = utcDay(day0);
    const to = utcDay(day0 + 3 * DAY_MS);
    const blocked = utcDay(day0 + 2 * DAY_MS);
    await putSettings({ blockedDates: [blocked] });
    const now = world.clock().getTime();
    const got = startsOf(await slotsOf(seat!, from, to)).sort((a, b) => a - b);
    // Worked out by hand: every half hour from the first at least 24 h ahead to the end of the range, less the blocked day.
    const expected: number[] = [];
    for (let at = Math.ceil((now + 24 * 3_600_000) / (30 * MINUTE_MS)) * 30 * MINUTE_MS; at < day0 + 4 * DAY_MS; at += 30 * MINUTE_MS) {
      if (utcDay(at) !== blocked) expected.push(at);
    }
    expect(got).toEqual(expected);
    expect(got.every((start) => start >= now + 24 * 3_600_000)).toBe(true);

    // A longer notice pushes the first slot on.
    await putSettings({ minNoticeHours: 48, blockedDates: [] });
    const later = startsOf(await slotsOf(seat!, from, to));
    expect(later.length).toBeGreaterThan(0);
    expect(Math.min(...later)).toBe(Math.ceil((now + 48 * 3_600_000) / (30 * MINUTE_MS)) * 30 * MINUTE_MS);
    await putSettings(ALL_DAY_UTC);
  });
});

// ==================================================================================== 3. booking

describe('booking a call', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('201 with the call; remaining 2 → 1 → 0; a third is 409 no_calls_left; both sides are e-mailed a calendar file', async () => {
    const [ada] = await endedWorkshopWith('Booking workshop', ['Ada']);
    expect(await callsOf(ada!)).toMatchObject({ allowed: true, remaining: 2, calls: [], timeZone: 'UTC', callMinutes: 30, minNoticeHours: 24, reason: null });

    const first = slotAt(3, '08:00');
    const created = await book(ada!, first);
    expect(created.statusCode, created.body).toBe(201);
    const call = created.json() as CallRow;
    expect(call).toMatchObject({ meetingLink: ALL_DAY_UTC.meetingLink, changeable: true });
    expect(typeof call.id).toBe('number');
    expect(Date.parse(call.startsAt)).toBe(Date.parse(first));
    expect(Date.parse(call.endsAt)).toBe(Date.parse(first) + 30 * MINUTE_MS);
    expect((await callsOf(ada!)).remaining).toBe(1);

    const second = await booked(ada!, slotAt(3, '08:30'));
    const after = await callsOf(ada!);
    expect(after.remaining).toBe(0);
    expect(after.calls.map((each) => each.id)).toEqual([call.id, second.id]);
    expect(after.calls.every((each) => each.changeable && each.meetingLink === ALL_DAY_UTC.meetingLink)).toBe(true);

    const third = await book(ada!, slotAt(3, '09:00'));
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json()).toMatchObject({ code: 'no_calls_left', message: NO_CALLS_LEFT });
    expect(await bookedAt(slotAt(3, '09:00'))).toEqual([]);
    // Moving a call uses none: with none left, the second still moves.
    const moved = await move(ada!, second.id, slotAt(3, '09:30'));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await callsOf(ada!)).remaining).toBe(0);
    expect((await bookedAt(slotAt(3, '09:30'))).map((row) => row.id)).toEqual([second.id]);

    // The participant and the organiser each get an e-mail with the call's calendar file.
    const [mail] = await outbox('call-booked', ada!.email);
    expect(mail, 'call-booked to the participant').toBeDefined();
    const [event] = eventsOf(calendarAttachment(mail!));
    expect(event!.start).toBe(Date.parse(first));
    expect(event!.end).toBe(Date.parse(first) + 30 * MINUTE_MS);
    const organiser = (await outbox('organiser-call-booked', ORGANISER_INBOX)).filter((row) => `${row.html}${row.text}`.includes(ada!.person.firstName));
    expect(organiser.length, 'organiser-call-booked to the Reply-To').toBeGreaterThanOrEqual(1);
    expect(eventsOf(calendarAttachment(organiser[0]!)).map((each) => each.start)).toContain(Date.parse(first));
  });

  it('a free seat books too, and the buyer of someone’s seat may book it', async () => {
    const open = await date({ title: 'Free and gifted', seatsTotal: 6, priceCents: 10_000 });
    const free = await freeSeat(open.id, 'Gift');
    // A buyer pays for a colleague's seat.
    const buyer = person('Boss');
    const colleague = person('Colleague');
    const opened = await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: buyer, seats: 2, attendees: [{ firstName: colleague.firstName, lastName: colleague.lastName, email: colleague.email }] });
    expect(opened.statusCode, opened.body).toBe(200);
    world.stripe.succeed(opened.json().paymentIntentId);
    const done = await complete(open.id, buyer, opened.json().paymentIntentId);
    expect(done.statusCode, done.body).toBe(201);
    const [theirs] = await world.db.select().from(bookings).where(and(eq(bookings.orderId, done.json().orderId), eq(bookings.email, colleague.email)));
    expect(theirs, 'the colleague’s seat').toBeDefined();
    await endYesterday(open.id);

    expect((await booked(free, slotAt(3, '02:00'))).changeable).toBe(true);
    const buyerHeaders = await participantHeaders(world.app, buyer.email);
    const colleagueSeat: Seat = { id: theirs!.id, email: colleague.email, person: colleague, headers: await participantHeaders(world.app, colleague.email) };
    expect((await callsOf(colleagueSeat, buyerHeaders)).allowed).toBe(true);
    const byBuyer = await book(colleagueSeat, slotAt(3, '02:30'), buyerHeaders);
    expect(byBuyer.statusCode, byBuyer.body).toBe(201);
    expect((await callsOf(colleagueSeat)).remaining).toBe(1);
  });

  it('a time that is not a slot is 400; a slot another seat holds is 409 slot_taken; another booking’s participant 403', async () => {
    const [cleo, dan] = await endedWorkshopWith('Refusals workshop', ['Cleo', 'Dan']);
    await booked(cleo!, slotAt(3, '10:00'));

    const notSlots = [
      slotAt(3, '10:10'), // off the grid
      slotAt(3, '10:15'),
      new Date(world.clock().getTime() + 2 * 3_600_000).toISOString(), // inside the minimum notice
      slotAt(0, '00:00'), // today, past or within the notice
      slotAt(-2, '09:00'), // before the workshop's end
      slotAt(70, '09:00'), // past the window
      'tomorrow at nine',
    ];
    for (const startsAt of notSlots) {
      const response = await book(dan!, startsAt);
      expect(response.statusCode, `${startsAt}: ${response.body}`).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await callsOf(dan!)).remaining).toBe(2);

    const taken = await book(dan!, slotAt(3, '10:00'));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'slot_taken', message: SLOT_TAKEN });
    // The same instant written with an offset is the same slot.
    const sameInstant = new Date(Date.parse(slotAt(3, '10:00'))).toISOString().replace('Z', '+00:00');
    expect((await book(dan!, sameInstant)).statusCode).toBe(409);
    expect(await bookedAt(slotAt(3, '10:00'))).toHaveLength(1);

    // Cleo's session on Dan's seat.
    const stranger = await book(dan!, slotAt(3, '11:00'), cleo!.headers);
    expect(stranger.statusCode, stranger.body).toBe(403);
    expect((await send('GET', callsUrl(dan!.id), cleo!.headers)).statusCode).toBe(403);
    expect([401, 403]).toContain((await book(dan!, slotAt(3, '11:00'), clientHeaders)).statusCode);
    expect(await bookedAt(slotAt(3, '11:00'))).toEqual([]);
    expect((await callsOf(dan!)).remaining).toBe(2);
  });

  it('a seat not yet confirmed (a reservation) is not allowed calls, and its POST is refused', async () => {
    const open = await date({ title: 'Reserved workshop', seatsTotal: 6, priceCents: 10_000 });
    const who = person('Rae');
    const bookingId = await reserved(open.id, who);
    expect((await world.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.status).toBe('reserved');
    await endYesterday(open.id);
    const seat: Seat = { id: bookingId, email: who.email, person: who, headers: await participantHeaders(world.app, who.email) };

    const calls = await callsOf(seat);
    expect(calls.allowed).toBe(false);
    expect(typeof calls.reason).toBe('string');
    expect(calls.calls).toEqual([]);
    const refused = await book(seat, slotAt(3, '13:00'));
    expect([400, 403, 409], refused.body).toContain(refused.statusCode);
    expect(await bookedAt(slotAt(3, '13:00'))).toEqual([]);
  });
});

// ==================================================================================== 4. concurrency

describe('many people pick the same slot at once', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('8 requests from 4 seats: exactly one 201, the rest 409 slot_taken, one booked call in the database', async () => {
    const seats = await endedWorkshopWith('Race workshop', ['Rita', 'Raj', 'Rosa', 'Ruth']);
    const startsAt = slotAt(3, '12:00');
    const answers = await Promise.all([...seats, ...seats].map((seat) => book(seat, startsAt)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) expect(answer.json().code).toBe('slot_taken');
    const rows = await bookedAt(startsAt);
    expect(rows).toHaveLength(1);
    expect(seats.map((seat) => seat.id)).toContain(rows[0]!.bookingId);
    const remaining = await Promise.all(seats.map(async (seat) => (await callsOf(seat)).remaining));
    expect(remaining.sort()).toEqual([1, 2, 2, 2]);

    // And a second slot raced the same way, after the first, with the buffer on.
    await putSettings({ bufferMinutes: 30 });
    const next = slotAt(3, '12:30');
    const more = await Promise.all(seats.map((seat) => book(seat, next)));
    // 12:30 touches the 12:00 call with a 30-minute buffer: nobody gets it.
    for (const answer of more) expect([400, 409], answer.body).toContain(answer.statusCode);
    expect(await bookedAt(next)).toEqual([]);
    await putSettings({ bufferMinutes: 0 });
    const third = slotAt(3, '13:30');
    const raced = await Promise.all(seats.map((seat) => book(seat, third)));
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await bookedAt(third)).toHaveLength(1);
  });

  it('one seat asking for five different slots at once gets exactly its two calls, the rest 409 no_calls_left', async () => {
    const [solo] = await endedWorkshopWith('Greedy workshop', ['Sol']);
    const times = ['17:00', '17:30', '18:30', '19:00', '19:30'].map((clock) => slotAt(3, clock));
    const answers = await Promise.all(times.map((startsAt) => book(solo!, startsAt)));
    expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([201, 201, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) expect(answer.json().code).toBe('no_calls_left');
    const rows = await world.db.select().from(followUpCalls).where(and(eq(followUpCalls.bookingId, solo!.id), eq(followUpCalls.status, 'booked')));
    expect(rows).toHaveLength(2);
    expect((await callsOf(solo!)).remaining).toBe(0);
  });
});

// ==================================================================================== 5. reschedule and cancel

describe('moving and cancelling a call', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('PATCH moves the same call (the old slot is free again); onto a taken slot 409 slot_taken; DELETE gives the call back', async () => {
    const [eve, fay] = await endedWorkshopWith('Move workshop', ['Eve', 'Fay']);
    const from = slotAt(4, '10:00');
    const to = slotAt(4, '11:00');
    const call = await booked(eve!, from);
    const fays = await booked(fay!, slotAt(4, '14:00'));
    const day = utcDay(Date.parse(from));

    const moved = await move(eve!, call.id, to);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().id ?? call.id).toBe(call.id);
    const listed = await callsOf(eve!);
    expect(listed.calls).toHaveLength(1);
    expect(listed.calls[0]).toMatchObject({ id: call.id });
    expect(Date.parse(listed.calls[0]!.startsAt)).toBe(Date.parse(to));
    expect(listed.remaining).toBe(1);
    const free = startsOf(await slotsOf(fay!, day, day));
    expect(free, 'the old slot is free again').toContain(Date.parse(from));
    expect(free, 'the new one is taken').not.toContain(Date.parse(to));
    expect(await bookedAt(from)).toEqual([]);
    expect((await bookedAt(to)).map((row) => row.id)).toEqual([call.id]);
    expect(await outbox('call-moved', eve!.email)).toHaveLength(1);
    expect((await outbox('organiser-call-moved', ORGANISER_INBOX)).filter((row) => `${row.html}${row.text ?? ''}`.includes('Eve')).length).toBeGreaterThanOrEqual(1);

    // Onto Fay's call: 409, nothing moves.
    const onto = await move(eve!, call.id, slotAt(4, '14:00'));
    expect(onto.statusCode, onto.body).toBe(409);
    expect(onto.json().code).toBe('slot_taken');
    expect(Date.parse((await callsOf(eve!)).calls[0]!.startsAt)).toBe(Date.parse(to));
    // Off the grid: 400. Someone else's call: not theirs to move.
    expect((await move(eve!, call.id, slotAt(4, '11:20'))).statusCode).toBe(400);
    expect([403, 404]).toContain((await move(eve!, fays.id, slotAt(4, '15:00'))).statusCode);
    expect([403, 404]).toContain((await send('PATCH', callsUrl(fay!.id, fays.id), eve!.headers, { startsAt: slotAt(4, '15:00') })).statusCode);
    expect(Date.parse((await callRow(fays.id))!.startsAt.toISOString())).toBe(Date.parse(slotAt(4, '14:00')));

    const gone = await cancel(eve!, call.id);
    expect([200, 204], gone.body).toContain(gone.statusCode);
    const back = await callsOf(eve!);
    expect(back.remaining).toBe(2);
    expect(back.calls.filter((each) => each.id === call.id)).toEqual([]);
    expect(await bookedAt(to)).toEqual([]);
    expect(startsOf(await slotsOf(fay!, day, day))).toContain(Date.parse(to));
    expect((await outbox('organiser-call-cancelled', ORGANISER_INBOX)).filter((row) => `${row.html}${row.text ?? ''}`.includes('Eve')).length).toBeGreaterThanOrEqual(1);
    // Twice (a double click): the call is already cancelled, nothing more is given back or sent.
    const toldOrganiser = (await outbox('organiser-call-cancelled', ORGANISER_INBOX)).length;
    const again = await cancel(eve!, call.id);
    expect([200, 204, 404, 409], again.body).toContain(again.statusCode);
    expect((await callsOf(eve!)).remaining).toBe(2);
    expect(await outbox('organiser-call-cancelled', ORGANISER_INBOX)).toHaveLength(toldOrganiser);
  });

  it('with a buffer, a call moves to the slot next to its own old time (its old time does not block it)', async () => {
    const [nia] = await endedWorkshopWith('Buffer move workshop', ['Nia']);
    await putSettings({ bufferMinutes: 30 });
    const call = await booked(nia!, slotAt(4, '20:00'));
    const moved = await move(nia!, call.id, slotAt(4, '20:30'));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await bookedAt(slotAt(4, '20:30'))).map((row) => row.id)).toEqual([call.id]);
    expect(await bookedAt(slotAt(4, '20:00'))).toEqual([]);
    await putSettings({ bufferMinutes: 0 });
  });

  it('within the minimum notice both PATCH and DELETE answer 409 too_late, and the call stays', async () => {
    const [gus] = await endedWorkshopWith('Late workshop', ['Gus']);
    const startsAt = slotAt(3, '15:00');
    const call = await booked(gus!, startsAt);
    // The clock moves to 23 hours before the call.
    await world.advance((Date.parse(startsAt) - world.clock().getTime()) / MINUTE_MS - 23 * 60);
    const headers = await participantHeaders(world.app, gus!.email);
    const seat = { ...gus!, headers };
    const listed = await callsOf(seat);
    expect(listed.calls.find((each) => each.id === call.id)?.changeable).toBe(false);

    const late = await move(seat, call.id, slotAt(3, '16:00'));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().code).toBe('too_late');
    const lateCancel = await cancel(seat, call.id);
    expect(lateCancel.statusCode, lateCancel.body).toBe(409);
    expect(lateCancel.json().code).toBe('too_late');
    expect((await bookedAt(startsAt)).map((row) => row.id)).toEqual([call.id]);
    expect((await callsOf(seat)).remaining).toBe(1);
  });
});

// ==================================================================================== 6. calendar

describe('calendar files and the organiser’s feed', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('the call’s .ics has its start, end and meeting link; after a move the same UID at a higher SEQUENCE', async () => {
    const [hal, ivy] = await endedWorkshopWith('Calendar workshop', ['Hal', 'Ivy']);
    const startsAt = slotAt(5, '06:00');
    const call = await booked(hal!, startsAt);
    const icsUrl = `/api/participant/calls/${call.id}/calendar.ics`;

    const file = await send('GET', icsUrl, hal!.headers);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    const [event] = eventsOf(file.body);
    expect(event!.start).toBe(Date.parse(startsAt));
    expect(event!.end).toBe(Date.parse(startsAt) + 30 * MINUTE_MS);
    expect(event!.text).toContain(ALL_DAY_UTC.meetingLink);

    // Not Ivy's, nor anyone's without a session.
    for (const headers of [ivy!.headers, clientHeaders]) {
      const refused = await send('GET', icsUrl, headers);
      expect(refused.statusCode).not.toBe(200);
      expect(refused.body).not.toContain('BEGIN:VCALENDAR');
    }

    const later = slotAt(5, '06:30');
    expect((await move(hal!, call.id, later)).statusCode).toBe(200);
    const [movedEvent] = eventsOf((await send('GET', icsUrl, hal!.headers)).body);
    expect(movedEvent!.uid).toBe(event!.uid);
    expect(movedEvent!.sequence).toBeGreaterThan(event!.sequence);
    expect(movedEvent!.start).toBe(Date.parse(later));
    // The e-mail about the move carries the same event.
    const [mail] = await outbox('call-moved', hal!.email);
    const [mailed] = eventsOf(calendarAttachment(mail!));
    expect(mailed).toMatchObject({ uid: event!.uid, start: Date.parse(later) });
    expect(mailed!.sequence).toBeGreaterThan(event!.sequence);
  });

  it('the feed lists upcoming workshop dates and calls; a wrong token gets no calendar; a renewed token stops the old one', async () => {
    const [jo] = await endedWorkshopWith('Feed workshop', ['Jo']);
    const startsAt = slotAt(6, '07:00');
    await booked(jo!, startsAt);
    const upcomingStart = today() + 10 * DAY_MS + 20 * 3_600_000;
    const upcoming = await date({
      title: 'Feed upcoming date',
      date: longDate.format(new Date(upcomingStart)),
      time: '8:00 PM - 10:00 PM',
      timezone: 'UTC',
      startsAt: new Date(upcomingStart),
      endsAt: new Date(upcomingStart + 2 * 3_600_000),
    });
    expect(upcoming.id).toBeGreaterThan(0);

    const { feedToken } = await readSettings();
    const feed = await send('GET', `/api/calendar/organiser.ics?token=${encodeURIComponent(feedToken)}`, {});
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = eventsOf(feed.body);
    const call = events.find((event) => event.start === Date.parse(startsAt));
    expect(call, 'the call is in the feed').toBeDefined();
    expect(call!.end).toBe(Date.parse(startsAt) + 30 * MINUTE_MS);
    const workshop = events.find((event) => event.start === upcomingStart);
    expect(workshop, 'the upcoming workshop date is in the feed').toBeDefined();
    expect(workshop!.end).toBe(upcomingStart + 2 * 3_600_000);
    expect(workshop!.text).toContain('Feed upcoming date');

    for (const url of ['/api/calendar/organiser.ics', '/api/calendar/organiser.ics?token=', `/api/calendar/organiser.ics?token=${encodeURIComponent(feedToken)}x`, '/api/calendar/organiser.ics?token=wrong']) {
      const refused = await send('GET', url, {});
      expect(refused.statusCode, url).not.toBe(200);
      expect(refused.body).not.toContain('BEGIN:VCALENDAR');
    }

    const renewed = await asAdmin('POST', `${SETTINGS}/feed-token`, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { feedToken: fresh, feedUrl } = await readSettings();
    expect(fresh).not.toBe(feedToken);
    expect(feedUrl).toContain(encodeURIComponent(fresh));
    const old = await send('GET', `/api/calendar/organiser.ics?token=${encodeURIComponent(feedToken)}`, {});
    expect(old.statusCode).not.toBe(200);
    expect(old.body).not.toContain('BEGIN:VCALENDAR');
    const now = await send('GET', `/api/calendar/organiser.ics?token=${encodeURIComponent(fresh)}`, {});
    expect(now.statusCode).toBe(200);
    expect(eventsOf(now.body).some((event) => event.start === Date.parse(startsAt))).toBe(true);
    // The Eastern-time workshop of March 5, 2031, 6 PM EST (the daylight-saving tests' date), is at 23:00 UTC in the feed too.
    expect(eventsOf(now.body).some((event) => event.start === Date.parse('2031-03-05T23:00:00Z') && event.text.includes('DST workshop'))).toBe(true);
  });

  it('a cancelled call leaves the feed, and both sides get the same event cancelled at a higher SEQUENCE', async () => {
    const [kit] = await endedWorkshopWith('Cancel file workshop', ['Kit']);
    const startsAt = slotAt(6, '08:00');
    const call = await booked(kit!, startsAt);
    const [bookedMail] = await outbox('call-booked', kit!.email);
    const [original] = eventsOf(calendarAttachment(bookedMail!));
    const feedUrl = async () => `/api/calendar/organiser.ics?token=${encodeURIComponent((await readSettings()).feedToken)}`;
    expect(eventsOf((await send('GET', await feedUrl(), {})).body).some((event) => event.uid === original!.uid)).toBe(true);

    const organiserBefore = (await outbox('organiser-call-cancelled', ORGANISER_INBOX)).length;
    const gone = await cancel(kit!, call.id);
    expect([200, 204], gone.body).toContain(gone.statusCode);
    const feed = eventsOf((await send('GET', await feedUrl(), {})).body);
    expect(feed.filter((event) => event.uid === original!.uid && event.status !== 'CANCELLED')).toEqual([]);
    const organiserMails = (await outbox('organiser-call-cancelled', ORGANISER_INBOX)).slice(organiserBefore);
    expect(organiserMails).toHaveLength(1);
    const ics = calendarAttachment(organiserMails[0]!);
    expect(ics).toMatch(/METHOD:CANCEL/);
    const [withdrawn] = eventsOf(ics);
    expect(withdrawn).toMatchObject({ uid: original!.uid, status: 'CANCELLED', start: Date.parse(startsAt) });
    expect(withdrawn!.sequence).toBeGreaterThan(original!.sequence);
  });
});

// ==================================================================================== 7. a seat's end

describe('a seat the organiser cancels loses its future calls', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('admin cancel with refund: the calls leave the admin’s list, their slots are free, both sides are told', async () => {
    const [kim, lee] = await endedWorkshopWith('Cancelled seat workshop', ['Kim', 'Lee']);
    const first = slotAt(5, '16:00');
    const second = slotAt(6, '16:00');
    const calls = [await booked(kim!, first), await booked(kim!, second)];
    const range = `from=${utcDay(today())}&to=${utcDay(today() + 8 * DAY_MS)}`;
    const listedBefore = (await asAdmin('GET', `/api/admin/calls?${range}`)).json().calls as { id: number }[];
    expect(listedBefore.map((each) => each.id)).toEqual(expect.arrayContaining(calls.map((each) => each.id)));
    const organiserBefore = (await outbox('organiser-call-cancelled', ORGANISER_INBOX)).length;

    const cancelled = await asAdmin('POST', `/api/admin/bookings/${kim!.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await world.db.select().from(bookings).where(eq(bookings.id, kim!.id)))[0]!.status).toMatch(/cancelled|refunded/);

    const listed = (await asAdmin('GET', `/api/admin/calls?${range}`)).json().calls as { id: number }[];
    expect(listed.some((each) => calls.some((call) => call.id === each.id))).toBe(false);
    expect(await bookedAt(first)).toEqual([]);
    expect(await bookedAt(second)).toEqual([]);
    const free = startsOf(await slotsOf(lee!, utcDay(Date.parse(first)), utcDay(Date.parse(second))));
    expect(free).toContain(Date.parse(first));
    expect(free).toContain(Date.parse(second));
    const kims = await send('GET', callsUrl(kim!.id), kim!.headers);
    if (kims.statusCode === 200) {
      expect(kims.json().allowed).toBe(false);
      expect(kims.json().calls.filter((each: CallRow) => Date.parse(each.startsAt) > world.clock().getTime())).toEqual([]);
    } else expect([403, 404, 409]).toContain(kims.statusCode);
    // The slot can be booked by someone else now.
    await booked(lee!, first);

    await world.advance(0);
    expect((await outbox('call-cancelled', kim!.email)).length).toBeGreaterThanOrEqual(1);
    expect((await outbox('organiser-call-cancelled', ORGANISER_INBOX)).length).toBeGreaterThan(organiserBefore);
    // Told once: another sweep sends nothing more.
    const told = (await outbox('call-cancelled', kim!.email)).length;
    await world.advance(0);
    expect(await outbox('call-cancelled', kim!.email)).toHaveLength(told);
  });
});

describe('a seat that ends another way loses its future calls too', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('the participant cancels their own seat before the workshop: its call is gone, the slot free, both told', async () => {
    // The workshop is a month ahead; its calls come after it.
    const ahead = await date({ title: 'Self-cancel workshop', seatsTotal: 5, priceCents: 10_000 });
    const pia = await paidSeat(ahead.id, 'Pia');
    const startsAt = slotAt(33, '05:00');
    await booked(pia, startsAt);
    const organiserBefore = (await outbox('organiser-call-cancelled', ORGANISER_INBOX)).length;

    const cancelled = await send('POST', `/api/participant/cancel-booking/${pia.id}`, pia.headers, { email: pia.email });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bookedAt(startsAt)).toEqual([]);
    await world.advance(0);
    expect(await outbox('call-cancelled', pia.email)).toHaveLength(1);
    expect((await outbox('organiser-call-cancelled', ORGANISER_INBOX)).length).toBe(organiserBefore + 1);
  });

  it('the admin deletes a seat with a refund: its calls are gone', async () => {
    const [quin] = await endedWorkshopWith('Deleted seat workshop', ['Quin']);
    const startsAt = slotAt(7, '05:00');
    await booked(quin!, startsAt);
    const deleted = await asAdmin('DELETE', `/api/admin/bookings/${quin!.id}?refund=true`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bookedAt(startsAt)).toEqual([]);
    await world.advance(0);
    expect(await outbox('call-cancelled', quin!.email)).toHaveLength(1);
  });
});

// ==================================================================================== 8. admin

describe('the admin’s calls (GET /api/admin/calls, DELETE /api/admin/calls/{id})', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('lists calls with the participant’s name and e-mail; a cancel with a message frees the slot and e-mails the participant', async () => {
    const [max] = await endedWorkshopWith('Admin list workshop', ['Max']);
    const startsAt = slotAt(6, '18:00');
    const call = await booked(max!, startsAt);
    const day = utcDay(Date.parse(startsAt));

    const response = await asAdmin('GET', `/api/admin/calls?from=${day}&to=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { timeZone: string; calls: { id: number; bookingId: number; startsAt: string; endsAt: string; participantName: string; email: string; workshopTitle: string; meetingLink: string | null }[] };
    expect(body.timeZone).toBe('UTC');
    const row = body.calls.find((each) => each.id === call.id);
    expect(row).toMatchObject({ bookingId: max!.id, participantName: `${max!.person.firstName} ${max!.person.lastName}`, email: max!.email, workshopTitle: 'Admin list workshop', meetingLink: ALL_DAY_UTC.meetingLink });
    expect(Date.parse(row!.startsAt)).toBe(Date.parse(startsAt));
    expect(Date.parse(row!.endsAt)).toBe(Date.parse(startsAt) + 30 * MINUTE_MS);
    // Another day's range leaves it out.
    const otherDay = utcDay(Date.parse(startsAt) + 2 * DAY_MS);
    expect(((await asAdmin('GET', `/api/admin/calls?from=${otherDay}&to=${otherDay}`)).json().calls as { id: number }[]).some((each) => each.id === call.id)).toBe(false);

    const message = 'Sorry, I am travelling that week. Please pick another time <b>soon</b>.';
    const gone = await asAdmin('DELETE', `/api/admin/calls/${call.id}`, { message });
    expect([200, 204], gone.body).toContain(gone.statusCode);
    expect(((await asAdmin('GET', `/api/admin/calls?from=${day}&to=${day}`)).json().calls as { id: number }[]).some((each) => each.id === call.id)).toBe(false);
    expect(await bookedAt(startsAt)).toEqual([]);
    expect((await callsOf(max!)).remaining).toBe(2);
    await world.advance(0);
    const mails = await outbox('call-cancelled', max!.email);
    expect(mails).toHaveLength(1);
    // The organiser's words, as text: the markup in them is escaped.
    expect(mails[0]!.html).toContain('Sorry, I am travelling that week. Please pick another time &lt;b&gt;soon&lt;/b&gt;.');
    expect(mails[0]!.html).not.toContain('<b>soon</b>');
    const [withdrawn] = eventsOf(calendarAttachment(mails[0]!));
    expect(withdrawn).toMatchObject({ status: 'CANCELLED', start: Date.parse(startsAt) });
    // The participant's own session cannot cancel through the admin's route.
    expect([401, 403]).toContain((await send('DELETE', `/api/admin/calls/${call.id}`, max!.headers, {})).statusCode);
    expect([404, 409]).toContain((await asAdmin('DELETE', '/api/admin/calls/99999999', {})).statusCode);
  });

  it('DELETE without a body (the message is optional) cancels the call too', async () => {
    const [ned] = await endedWorkshopWith('Admin plain cancel workshop', ['Ned']);
    const startsAt = slotAt(6, '19:00');
    const call = await booked(ned!, startsAt);
    const gone = await send('DELETE', `/api/admin/calls/${call.id}`, admin);
    expect([200, 204], gone.body).toContain(gone.statusCode);
    expect(await bookedAt(startsAt)).toEqual([]);
    expect((await callsOf(ned!)).remaining).toBe(2);
    await world.advance(0);
    expect(await outbox('call-cancelled', ned!.email)).toHaveLength(1);
  });
});

// ==================================================================================== 9. reminders

describe('the day-before reminders', () => {
  beforeAll(async () => {
    await putSettings(ALL_DAY_UTC);
  });

  it('23 hours before a call both sides are reminded, once', async () => {
    const [remy] = await endedWorkshopWith('Reminder workshop', ['Remy']);
    const startsAt = slotAt(3, '04:00');
    const call = await booked(remy!, startsAt);
    const mentionsRemy = (row: { html: string; text: string | null }) => `${row.html}${row.text ?? ''}`.includes('Remy');

    await world.advance(60);
    expect(await outbox('call-reminder', remy!.email)).toEqual([]);

    await world.advance((Date.parse(startsAt) - world.clock().getTime()) / MINUTE_MS - 23 * 60);
    expect(await outbox('call-reminder', remy!.email)).toHaveLength(1);
    expect((await outbox('organiser-call-reminder', ORGANISER_INBOX)).filter(mentionsRemy)).toHaveLength(1);

    await world.advance(30);
    await world.advance(0);
    expect(await outbox('call-reminder', remy!.email)).toHaveLength(1);
    expect((await outbox('organiser-call-reminder', ORGANISER_INBOX)).filter(mentionsRemy)).toHaveLength(1);
    // Every reminded call reminded both sides: as many organiser reminders as participant ones, each participant's once per call.
    const participantReminders = await outbox('call-reminder');
    expect((await outbox('organiser-call-reminder')).length).toBe(participantReminders.length);
    expect((await bookedAt(startsAt)).map((row) => row.id)).toEqual([call.id]);
  });
});
