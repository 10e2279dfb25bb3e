import { describe, expect, it } from 'vitest';
import { caretAfterFormat, cardDigits, formatCardNumber, formatCvc, formatExpiry } from './card-format';
import { formatHoldRemaining, holdAnnouncement, holdCountdownText, holdDeadline, secondsLeft } from './hold-countdown';

describe('demo card number formatting', () => {
  it('groups the digits by four as they are typed or pasted', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber(' 4242 4242 4242 4242 ')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('abc')).toBe('');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it('sends digits only', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4000 0000 0000 0002')).toBe('4000000000000002');
  });

  it('keeps the caret after the same digit', () => {
    // Typing the fifth digit at the end: the caret goes past the new space, after the '5'.
    expect(caretAfterFormat('42425', 5, '4242 5')).toBe(6);
    // Typing '9' in the middle ('4242 |4242' → '4242 9|4242'): after the 9.
    expect(caretAfterFormat('4242 94242', 6, '4242 9424 2')).toBe(6);
    // Deleting the first digit of the second group: the caret stays in front of what follows.
    expect(caretAfterFormat('4242 242', 5, '4242 242')).toBe(4);
    expect(caretAfterFormat('', 0, '')).toBe(0);
    // The expiry's slash: after two digits at the end the caret goes past ' / '.
    expect(caretAfterFormat('12', 2, '12 / ')).toBe(5);
  });
});

describe('demo card expiry formatting', () => {
  it("formats 'MM / YY' as one types", () => {
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
    expect(formatExpiry('12/34')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('adds the leading zero for months 2 to 9 and refuses a month above 12', () => {
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('13')).toBe('1');
    expect(formatExpiry('00')).toBe('0');
    expect(formatExpiry('1330')).toBe('1');
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
  it('shows minutes and seconds left', () => {
    expect(holdCountdownText(872)).toBe('Your seat is held for 14:32');
    expect(holdCountdownText(900)).toBe('Your seat is held for 15:00');
    expect(holdCountdownText(65)).toBe('Your seat is held for 1:05');
    expect(holdCountdownText(1)).toBe('Your seat is held for 0:01');
    expect(holdCountdownText(0)).toBe('Your seat hold has ended.');
    expect(formatHoldRemaining(0)).toBe('0:00');
  });

  it('announces whole minutes only', () => {
    expect(holdAnnouncement(872)).toBe('Your seat is held for 15 more minutes.');
    expect(holdAnnouncement(841)).toBe('Your seat is held for 15 more minutes.');
    expect(holdAnnouncement(840)).toBe('Your seat is held for 14 more minutes.');
    expect(holdAnnouncement(61)).toBe('Your seat is held for 2 more minutes.');
    expect(holdAnnouncement(60)).toBe('Your seat is held for 1 more minute.');
    expect(holdAnnouncement(59)).toBe('Your seat is held for less than a minute.');
    expect(holdAnnouncement(0)).toBe('Your seat hold has ended.');
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
