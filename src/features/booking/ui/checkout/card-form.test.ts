import { describe, expect, it } from 'vitest';
import { caretAfterFormat, cardDigits, formatCardNumber, formatCvc, formatExpiry } from './card-format';
import { formatHoldRemaining, holdAnnouncement, holdCountdownText, holdDeadline, secondsLeft } from './hold-countdown';

describe('demo card number formatting', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['4000-0000-0000-0002', '4000 0000 0000 0002'],
    [' 4242 4242 4242 4242 ', '4242 4242 4242 4242'],
    ['abc', ''],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
  ])('groups the digits by four as they are typed or pasted: %j shows %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it('sends digits only', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4000 0000 0000 0002')).toBe('4000000000000002');
  });

  it.each([
    ["typing the fifth digit at the end: past the new space, after the '5'", '42425', 5, '4242 5', 6],
    ["typing '9' in the middle ('4242 |4242' → '4242 9|4242'): after the 9", '4242 94242', 6, '4242 9424 2', 6],
    ['deleting the first digit of the second group: in front of what follows', '4242 242', 5, '4242 242', 4],
    ['nothing typed', '', 0, '', 0],
    ["the expiry's slash: after two digits at the end, past ' / '", '12', 2, '12 / ', 5],
  ] as const)('keeps the caret after the same digit, %s', (_case, typed, caret, formatted, expected) => {
    expect(caretAfterFormat(typed, caret, formatted)).toBe(expected);
  });
});

describe('demo card expiry formatting', () => {
  it.each([
    // 'MM / YY' as one types
    ['1230', '12 / 30'],
    ['1', '1'],
    ['12', '12 / '],
    ['12 / 3', '12 / 3'],
    ['12/34', '12 / 34'],
    ['12 / 345', '12 / 34'],
    // the leading zero for months 2 to 9, and no month above 12
    ['4', '04 / '],
    ['13', '1'],
    ['00', '0'],
    ['1330', '1'],
  ])("formats %j as %j ('MM / YY')", (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('lets Backspace go through the slash', () => {
    expect(formatExpiry('12 /', { deleting: true })).toBe('12');
    expect(formatExpiry('1', { deleting: true })).toBe('1');
  });

  it('keeps 3 or 4 digits of the CVC', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });
});

describe('seat hold countdown', () => {
  it.each([
    [872, 'Your seat is held for 14:32', 'Your seat is held for 15 more minutes.'],
    [900, 'Your seat is held for 15:00', 'Your seat is held for 15 more minutes.'],
    [841, 'Your seat is held for 14:01', 'Your seat is held for 15 more minutes.'],
    [840, 'Your seat is held for 14:00', 'Your seat is held for 14 more minutes.'],
    [65, 'Your seat is held for 1:05', 'Your seat is held for 2 more minutes.'],
    [61, 'Your seat is held for 1:01', 'Your seat is held for 2 more minutes.'],
    [60, 'Your seat is held for 1:00', 'Your seat is held for 1 more minute.'],
    [59, 'Your seat is held for 0:59', 'Your seat is held for less than a minute.'],
    [1, 'Your seat is held for 0:01', 'Your seat is held for less than a minute.'],
    [0, 'Your seat hold has ended.', 'Your seat hold has ended.'],
  ])('with %i seconds left shows %j and announces whole minutes only: %j', (seconds, shown, announced) => {
    expect(holdCountdownText(seconds)).toBe(shown);
    expect(holdAnnouncement(seconds)).toBe(announced);
  });

  it('speaks of every seat an order holds', () => {
    expect(holdCountdownText(872, 3)).toBe('Your 3 seats are held for 14:32');
    expect(holdAnnouncement(59, 3)).toBe('Your 3 seats are held for less than a minute.');
  });

  it('shows no time left as 0:00', () => {
    expect(formatHoldRemaining(0)).toBe('0:00');
  });

  it('counts whole seconds, never below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 500)).toBe(10);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });

  it("puts the hold's end on the browser's clock using the server's Date", () => {
    // The server says 12:00:00 and the hold ends 12:15:00; this browser's clock is 5 minutes behind.
    const received = Date.parse('2026-06-01T11:55:00Z');
    // The Date header counts whole seconds: the server's time is taken as 12:00:00.999.
    expect(holdDeadline('2026-06-01T12:15:00.999Z', 'Mon, 01 Jun 2026 12:00:00 GMT', received)).toBe(Date.parse('2026-06-01T12:10:00Z'));
    expect(holdDeadline('2026-06-01T12:15:00.000Z', 'Mon, 01 Jun 2026 12:00:00 GMT', received)).toBe(Date.parse('2026-06-01T12:09:59.001Z'));
    expect(holdDeadline('2026-06-01T12:15:00.000Z', null, received)).toBe(Date.parse('2026-06-01T12:15:00Z'));
    expect(holdDeadline('2026-06-01T12:15:00.000Z', 'not a date', received)).toBe(Date.parse('2026-06-01T12:15:00Z'));
    expect(holdDeadline(null, 'Mon, 01 Jun 2026 12:00:00 GMT', received)).toBeNull();
  });
});
