import { describe, expect, it } from 'vitest';
import { notEnoughSeats, seatsLeftOn, SOLD_OUT_MESSAGE } from './seats';

describe('the refusal of more seats than are left', () => {
  it('says sold out when none are left, and how many are otherwise, in words that fit the number', () => {
    for (const left of [0, -2]) expect(notEnoughSeats(left)).toMatchObject({ statusCode: 409, message: SOLD_OUT_MESSAGE, code: 'sold_out' });
    expect(notEnoughSeats(1)).toMatchObject({ statusCode: 409, message: 'Only 1 seat is left on this date. Please choose one seat.', code: 'not_enough_seats' });
    expect(notEnoughSeats(3)).toMatchObject({ statusCode: 409, message: 'Only 3 seats are left on this date. Please choose 3 seats or fewer.', code: 'not_enough_seats' });
  });
});

describe('seatsLeftOn', () => {
  it('is the seats not taken, less those about to be, and never below none', () => {
    expect(seatsLeftOn({ seatsTotal: 12, seatsTaken: 4 })).toBe(8);
    expect(seatsLeftOn({ seatsTotal: 12, seatsTaken: 4 }, 3)).toBe(5);
    expect(seatsLeftOn({ seatsTotal: 12, seatsTaken: 12 })).toBe(0);
    expect(seatsLeftOn({ seatsTotal: 12, seatsTaken: 11 }, 3)).toBe(0);
  });
});
