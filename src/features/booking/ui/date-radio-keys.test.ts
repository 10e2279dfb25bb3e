import { describe, expect, it } from 'vitest';
import { arrowStep, steppedDateId, tabStopDateId } from './date-radio-keys';

const dates = [
  { id: 11, seatsRemaining: 4 },
  { id: 12, seatsRemaining: 0 },
  { id: 13, seatsRemaining: 2 },
  { id: 14, seatsRemaining: 0 },
];

describe('date radio keys', () => {
  it('maps the arrow keys to a step', () => {
    expect(arrowStep('ArrowDown')).toBe(1);
    expect(arrowStep('ArrowRight')).toBe(1);
    expect(arrowStep('ArrowUp')).toBe(-1);
    expect(arrowStep('ArrowLeft')).toBe(-1);
    expect(arrowStep('Enter')).toBe(0);
    expect(arrowStep(' ')).toBe(0);
  });

  it('steps over booked-out dates and wraps round', () => {
    expect(steppedDateId(dates, '11', 1)).toBe('13');
    expect(steppedDateId(dates, '13', 1)).toBe('11');
    expect(steppedDateId(dates, '13', -1)).toBe('11');
    expect(steppedDateId(dates, '11', -1)).toBe('13');
  });

  it('starts from the first or last bookable date when the origin is unknown', () => {
    expect(steppedDateId(dates, '', 1)).toBe('11');
    expect(steppedDateId(dates, '', -1)).toBe('13');
  });

  it('stays on a single bookable date and finds none when all are booked out', () => {
    expect(steppedDateId([{ id: 5, seatsRemaining: 1 }, { id: 6, seatsRemaining: 0 }], '5', 1)).toBe('5');
    expect(steppedDateId([{ id: 6, seatsRemaining: 0 }], '6', 1)).toBeUndefined();
  });

  it('puts the chosen bookable date, else the first bookable one, in the tab order', () => {
    expect(tabStopDateId(dates, '13')).toBe('13');
    expect(tabStopDateId(dates, '')).toBe('11');
    expect(tabStopDateId(dates, '12')).toBe('11');
    expect(tabStopDateId([{ id: 6, seatsRemaining: 0 }], '')).toBeUndefined();
  });
});
