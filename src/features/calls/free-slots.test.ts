import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCallSettings, type WeeklyHours } from './calls.schema';
import { freeSlots, type Interval, type SlotRules, type SlotWindow } from './free-slots';

/*
 * The slot rules over generated weekly hours, zones, days and taken times. Every expectation is
 * read here with Intl's own clock in the zone, not with the code under test.
 */

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns', 'UTC'];
const MINUTE = 60_000;

/** What a wall clock in the zone shows at an instant: weekday (Monday 1), day, minutes since midnight. */
function wall(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return {
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1,
    day: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Up to two periods per weekday on a quarter-hour grid, never overlapping, each at least a call long. */
const weeklyHoursArb = (callMinutes: number) =>
  fc
    .array(
      fc.record({
        weekday: fc.integer({ min: 1, max: 7 }),
        startQuarter: fc.integer({ min: 0, max: 95 }),
        lengthQuarters: fc.integer({ min: Math.ceil(callMinutes / 15), max: 40 }),
      }),
      { maxLength: 10 },
    )
    .map((raw) => {
      const periods: WeeklyHours[] = [];
      for (const { weekday, startQuarter, lengthQuarters } of raw) {
        const start = startQuarter * 15;
        const end = Math.min(start + lengthQuarters * 15, 1440);
        if (end - start < callMinutes) continue;
        const clash = periods.some((other) => other.weekday === weekday && start < toMinutes(other.end) && toMinutes(other.start) < end);
        if (!clash) periods.push({ weekday, start: clock(start), end: clock(end) });
      }
      return periods;
    });

const toMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/** Days of 2027 and around the clock changes of the zones above. */
const dayArb = fc.integer({ min: 0, max: 420 }).map((offset) => new Date(Date.UTC(2026, 11, 1) + offset * 86_400_000).toISOString().slice(0, 10));

const scenarioArb = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    callMinutes: fc.constantFrom(15, 20, 30, 45, 60, 90),
    bufferMinutes: fc.constantFrom(0, 5, 10, 15, 30),
    fromDay: dayArb,
    rangeDays: fc.integer({ min: 0, max: 20 }),
    earliestOffsetHours: fc.integer({ min: -48, max: 24 * 20 }),
    windowDays: fc.integer({ min: 1, max: 40 }),
    busyRaw: fc.array(fc.record({ offsetMinutes: fc.integer({ min: -60 * 24, max: 60 * 24 * 22 }), lengthMinutes: fc.integer({ min: 10, max: 240 }) }), { maxLength: 12 }),
    blockedOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { maxLength: 4 }),
  })
  .chain((base) => weeklyHoursArb(base.callMinutes).map((weeklyHours) => ({ ...base, weeklyHours })));

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function build(scenario: Scenario): { rules: SlotRules; window: SlotWindow } {
  const startMs = Date.parse(`${scenario.fromDay}T00:00:00Z`);
  const dayAfter = (days: number) => new Date(startMs + days * 86_400_000).toISOString().slice(0, 10);
  const earliest = new Date(startMs + scenario.earliestOffsetHours * 3_600_000);
  const busy: Interval[] = scenario.busyRaw.map(({ offsetMinutes, lengthMinutes }) => ({
    start: new Date(startMs + offsetMinutes * MINUTE),
    end: new Date(startMs + (offsetMinutes + lengthMinutes) * MINUTE),
  }));
  return {
    rules: {
      timeZone: scenario.timeZone,
      weeklyHours: scenario.weeklyHours,
      callMinutes: scenario.callMinutes,
      bufferMinutes: scenario.bufferMinutes,
      blockedDates: scenario.blockedOffsets.map(dayAfter),
    },
    window: { fromDay: scenario.fromDay, toDay: dayAfter(scenario.rangeDays), earliest, latest: new Date(earliest.getTime() + scenario.windowDays * 86_400_000), busy },
  };
}

describe('free call slots', () => {
  it('the generated hours are ones the settings accept', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        expect(checkCallSettings(scenario)).toBeNull();
      }),
    );
  });

  it('lie inside the weekly hours on the wall clock of the zone, on that day’s own offset, a call long, inside the asked days', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { rules, window } = build(scenario);
        for (const slot of freeSlots(rules, window)) {
          expect(slot.end.getTime() - slot.start.getTime()).toBe(rules.callMinutes * MINUTE);
          const start = wall(slot.start, rules.timeZone);
          const end = wall(slot.end, rules.timeZone);
          // An end at midnight reads as the next day's 00:00: 24:00 of the slot's own day.
          const endMinutes = end.day === start.day ? end.minutes : end.minutes === 0 ? 1440 : Number.NaN;
          const inside = rules.weeklyHours.some((period) => period.weekday === start.weekday && start.minutes >= toMinutes(period.start) && endMinutes <= toMinutes(period.end));
          expect(inside, `${slot.start.toISOString()} reads ${start.day} ${clock(start.minutes)}–${clock(end.minutes)} in ${rules.timeZone}`).toBe(true);
          expect(start.day >= window.fromDay && start.day <= window.toDay).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never overlap, never start before the earliest or from the latest moment, never on a blocked day, and keep the buffer clear of every taken time', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { rules, window } = build(scenario);
        const slots = freeSlots(rules, window);
        const buffer = rules.bufferMinutes * MINUTE;
        slots.forEach((slot, at) => {
          const before = slots[at - 1];
          if (before) expect(slot.start.getTime()).toBeGreaterThanOrEqual(before.end.getTime());
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(window.earliest.getTime());
          expect(slot.start.getTime()).toBeLessThan(window.latest.getTime());
          expect(rules.blockedDates).not.toContain(wall(slot.start, rules.timeZone).day);
          for (const taken of window.busy) {
            const clear = slot.end.getTime() + buffer <= taken.start.getTime() || slot.start.getTime() >= taken.end.getTime() + buffer;
            expect(clear, `${slot.start.toISOString()} against ${taken.start.toISOString()}–${taken.end.toISOString()}`).toBe(true);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('with nothing taken and no limits, offer every call of every period that fits (counted by hand on a zone without clock changes)', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { rules, window } = build({ ...scenario, timeZone: 'UTC', busyRaw: [], blockedOffsets: [], earliestOffsetHours: -48, windowDays: 40 });
        let expected = 0;
        for (let day = Date.parse(`${window.fromDay}T00:00:00Z`); day <= Date.parse(`${window.toDay}T00:00:00Z`); day += 86_400_000) {
          const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
          for (const period of rules.weeklyHours) {
            if (period.weekday === weekday) expected += Math.floor((toMinutes(period.end) - toMinutes(period.start)) / rules.callMinutes);
          }
        }
        expect(freeSlots(rules, window)).toHaveLength(expected);
      }),
    );
  });
});

describe('free call slots across daylight-saving changes (New York)', () => {
  const rules: SlotRules = {
    timeZone: 'America/New_York',
    weeklyHours: [6, 7, 1].map((weekday) => ({ weekday, start: '09:00', end: '11:00' })),
    callMinutes: 60,
    bufferMinutes: 0,
    blockedDates: [],
  };
  const window = (fromDay: string, toDay: string): SlotWindow => ({ fromDay, toDay, earliest: new Date('2027-01-01T00:00:00Z'), latest: new Date('2028-01-01T00:00:00Z'), busy: [] });
  const starts = (fromDay: string, toDay: string) => freeSlots(rules, window(fromDay, toDay)).map((slot) => slot.start.toISOString());

  it('spring forward (Sunday, March 14, 2027): 09:00 EST is 14:00 UTC on Saturday, 09:00 EDT is 13:00 UTC from Sunday', () => {
    expect(starts('2027-03-13', '2027-03-15')).toEqual([
      '2027-03-13T14:00:00.000Z',
      '2027-03-13T15:00:00.000Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-14T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-15T14:00:00.000Z',
    ]);
  });

  it('fall back (Sunday, November 7, 2027): 09:00 EDT is 13:00 UTC on Saturday, 09:00 EST is 14:00 UTC from Sunday', () => {
    expect(starts('2027-11-06', '2027-11-07')).toEqual(['2027-11-06T13:00:00.000Z', '2027-11-06T14:00:00.000Z', '2027-11-07T14:00:00.000Z', '2027-11-07T15:00:00.000Z']);
  });

  it('a night period across the change keeps each call a real hour long and skips the clock time that does not exist', () => {
    const night: SlotRules = { ...rules, weeklyHours: [{ weekday: 7, start: '01:00', end: '04:00' }] };
    // 01:00 EST = 06:00Z; the clocks jump from 02:00 EST (07:00Z) to 03:00 EDT; 04:00 EDT = 08:00Z.
    expect(freeSlots(night, window('2027-03-14', '2027-03-14')).map((slot) => [slot.start.toISOString(), slot.end.toISOString()])).toEqual([
      ['2027-03-14T06:00:00.000Z', '2027-03-14T07:00:00.000Z'],
      ['2027-03-14T07:00:00.000Z', '2027-03-14T08:00:00.000Z'],
    ]);
  });

  it('a period inside the skipped hour has no slot', () => {
    const skipped: SlotRules = { ...rules, callMinutes: 30, weeklyHours: [{ weekday: 7, start: '02:00', end: '02:30' }] };
    expect(freeSlots(skipped, window('2027-03-14', '2027-03-14'))).toEqual([]);
  });
});
