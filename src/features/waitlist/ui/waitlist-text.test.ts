import { describe, expect, it } from 'vitest';
import { closedEntryText, offerCheckoutPath, offerDeadlineText, offerPriceText, offerTokenFrom, seatChoices, seatsText, waitingPromise } from './waitlist-text';

describe('waitlist texts', () => {
  it('counts seats in words', () => {
    expect(seatsText(1)).toBe('1 seat');
    expect(seatsText(3)).toBe('3 seats');
  });

  it('offers 1 to 10 seats by default', () => {
    const choices = seatChoices();
    expect(choices).toHaveLength(10);
    expect(choices[0]).toEqual({ value: '1', label: '1 seat' });
    expect(choices[9]).toEqual({ value: '10', label: '10 seats' });
    expect(seatChoices(0)).toHaveLength(1);
  });

  it('builds and reads the offer checkout address, token escaped', () => {
    const token = 'a.b+c/d=';
    const path = offerCheckoutPath(token);
    expect(path).toBe('/checkout?offer=a.b%2Bc%2Fd%3D');
    expect(offerTokenFrom(path.split('?')[1]!)).toBe(token);
    expect(offerTokenFrom('booking=3&token=x')).toBeNull();
    expect(offerTokenFrom('offer=')).toBeNull();
  });

  it('shows the deadline on the visitor clock, UTC when unknown', () => {
    expect(offerDeadlineText('2031-07-05T13:00:00.000Z', 'Europe/Berlin')).toBe('Sat, July 5, 2031, 3:00 PM CEST');
    expect(offerDeadlineText('2031-07-05T13:00:00.000Z', undefined)).toBe('Sat, July 5, 2031, 1:00 PM UTC');
  });

  it('prices one seat, and the total for several', () => {
    expect(offerPriceText(499, 1)).toBe('$499.00 a seat');
    expect(offerPriceText(499, 2)).toBe('$499.00 a seat, $998.00 for 2 seats');
  });

  it('has a sentence for every closed state', () => {
    const entry = { workshopTitle: 'Vibe Coding', seats: 2 };
    expect(closedEntryText('expired', entry).text).toContain('We held 2 seats in Vibe Coding');
    for (const status of ['booked', 'expired', 'left', 'removed'] as const) {
      expect(closedEntryText(status, entry).title.length).toBeGreaterThan(0);
      expect(closedEntryText(status, entry).text).toContain('Vibe Coding');
    }
  });
});

describe('waitingPromise', () => {
  it('speaks of one seat as it, and of several as them', () => {
    expect(waitingPromise(1, 'ada@example.com')).toBe('When a seat frees up for you, we e-mail ada@example.com a link that holds it for you. Nobody else can book it meanwhile.');
    expect(waitingPromise(3, 'ada@example.com')).toBe('When 3 seats free up for you, we e-mail ada@example.com a link that holds them for you. Nobody else can book them meanwhile.');
  });
});
