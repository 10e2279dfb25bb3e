import { describe, expect, it } from 'vitest';
import {
  bookingRowSchema,
  contactMessageRowSchema,
  csvFileName,
  discountCodeRowSchema,
  strategyNoteRowSchema,
  userRowSchema,
  workshopDateRowSchema,
} from './admin-csv.schema';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('csvFileName', () => {
  it('names the entity and the UTC day', () => {
    expect(csvFileName('bookings', new Date('2031-07-04T23:30:00Z'))).toBe('bookings-2031-07-04.csv');
  });
});

describe('workshopDateRowSchema', () => {
  const minimal = { title: 'Intro', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' };

  it('fills the defaults of a new workshop for empty cells', () => {
    const row = workshopDateRowSchema.parse({ ...minimal, id: '', seatsTotal: '', price: '', isActive: '', expertiseLevel: '', zoomLink: '' });
    expect(row).toMatchObject({ id: undefined, seatsTotal: 10, price: 499, isActive: true, isFeatured: false, isTBC: false, requiresImmediatePayment: true, expertiseLevel: 'beginner', zoomLink: null, zoomPassword: null });
  });

  it('reads spreadsheet spellings: TRUE, $1,299.50, lower-case zones, shown expertise labels, ISO days', () => {
    const row = workshopDateRowSchema.parse({ ...minimal, date: '2031-07-04', timezone: 'est', price: '$1,299.50', isFeatured: 'TRUE', expertiseLevel: 'Intermediate', seatsTotal: 12 });
    expect(row).toMatchObject({ date: 'July 4, 2031', timezone: 'EST', price: 1299.5, isFeatured: true, expertiseLevel: 'some_expertise', seatsTotal: 12 });
  });

  it('clears date and time of a TBC workshop and needs neither', () => {
    expect(workshopDateRowSchema.parse({ title: 'Later', timezone: 'PST', isTBC: 'true', date: 'July 4, 2031', time: '10 AM' })).toMatchObject({ date: '', time: '' });
  });

  it('answers with the form messages', () => {
    expect(firstMessage(workshopDateRowSchema.safeParse({ ...minimal, time: '' }))).toBe('Either mark as TBC or provide both date and time');
    expect(firstMessage(workshopDateRowSchema.safeParse({ ...minimal, time: 'noonish' }))).toBe('Please enter a valid time, like 10:00 AM - 12:00 PM');
    expect(firstMessage(workshopDateRowSchema.safeParse({ ...minimal, timezone: 'Mars' }))).toBe('Please choose a time zone, like PST or America/Los_Angeles');
    expect(firstMessage(workshopDateRowSchema.safeParse({ ...minimal, seatsTotal: '2.5' }))).toBe('Seats must be a whole number');
    expect(firstMessage(workshopDateRowSchema.safeParse({ ...minimal, price: 'free' }))).toBe('Price must be at least $1');
    expect(firstMessage(workshopDateRowSchema.safeParse({ ...minimal, id: 'abc' }))).toBe('id must be a whole number');
  });
});

describe('bookingRowSchema', () => {
  const minimal = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', workshopDateId: '3' };

  it('leaves the money columns out when empty so the server can price the booking', () => {
    const row = bookingRowSchema.parse({ ...minimal, finalPrice: '', originalPrice: '', discountAmount: '', stripePaymentId: ' ', status: '' });
    expect(row).toMatchObject({ workshopDateId: 3, finalPrice: undefined, originalPrice: undefined, discountAmount: undefined, stripePaymentId: null, status: 'confirmed', isPaid: false, company: '' });
  });

  it('reads amounts, codes and statuses', () => {
    const row = bookingRowSchema.parse({ ...minimal, finalPrice: '449.1', discountCode: 'welcome10', status: 'Reserved', createdAt: '2031-07-04T10:00:00.000Z' });
    expect(row).toMatchObject({ finalPrice: 449.1, discountCode: 'WELCOME10', status: 'reserved' });
    expect(row.createdAt?.toISOString()).toBe('2031-07-04T10:00:00.000Z');
  });

  it('refuses what cannot be a booking', () => {
    expect(firstMessage(bookingRowSchema.safeParse({ ...minimal, workshopDateId: '' }))).toBe('workshopDateId must be the id of a workshop date');
    expect(firstMessage(bookingRowSchema.safeParse({ ...minimal, email: 'ada' }))).toBe('Please enter a valid email address');
    expect(firstMessage(bookingRowSchema.safeParse({ ...minimal, firstName: ' ' }))).toBe('First name is required');
    expect(firstMessage(bookingRowSchema.safeParse({ ...minimal, finalPrice: '-1' }))).toBe('finalPrice cannot be negative');
    expect(firstMessage(bookingRowSchema.safeParse({ ...minimal, status: 'pending' }))).toBe('status must be one of confirmed, reserved, cancelled, refunded');
    expect(firstMessage(bookingRowSchema.safeParse({ ...minimal, createdAt: 'yesterday' }))).toBe('createdAt must be a date like 2031-07-04 or 2031-07-04T10:00:00Z');
  });
});

describe('discountCodeRowSchema', () => {
  it('upper-cases the code, reads empty limits as none and a day as its end', () => {
    const row = discountCodeRowSchema.parse({ code: ' spring-1 ', description: 'Spring', discountPercent: '', maxUses: '', expiresAt: '2031-07-04' });
    expect(row).toMatchObject({ code: 'SPRING-1', discountPercent: 10, maxUses: null, isActive: true });
    expect(row.expiresAt?.toISOString()).toBe('2031-07-04T23:59:59.999Z');
  });

  it('answers with the form messages', () => {
    expect(firstMessage(discountCodeRowSchema.safeParse({ code: '', description: 'x' }))).toBe('Code is required');
    expect(firstMessage(discountCodeRowSchema.safeParse({ code: 'A B', description: 'x' }))).toBe('Code may only contain letters, digits, hyphens (-) and underscores (_)');
    expect(firstMessage(discountCodeRowSchema.safeParse({ code: 'A', description: '' }))).toBe('Description is required');
    expect(firstMessage(discountCodeRowSchema.safeParse({ code: 'A', description: 'x', discountPercent: '101' }))).toBe('Discount must be between 1 and 100 percent');
    expect(firstMessage(discountCodeRowSchema.safeParse({ code: 'A', description: 'x', maxUses: '0' }))).toBe('Max uses must be a whole number of at least 1, or empty for unlimited');
    expect(firstMessage(discountCodeRowSchema.safeParse({ code: 'A', description: 'x', expiresAt: '2031-02-30' }))).toBe('expiresAt must be a date like 2031-07-04 or 2031-07-04T10:00:00Z');
  });
});

describe('other rows', () => {
  it('strategy notes: empty or none is no category', () => {
    expect(strategyNoteRowSchema.parse({ title: 't', content: 'c', category: 'none' }).category).toBeNull();
    expect(strategyNoteRowSchema.parse({ title: 't', content: 'c', category: '' }).category).toBeNull();
    expect(strategyNoteRowSchema.parse({ title: 't', content: 'c', category: 'Feedback' }).category).toBe('feedback');
    expect(firstMessage(strategyNoteRowSchema.safeParse({ title: 't', content: 'c', category: 'misc' }))).toBe(
      'category must be one of preparation, presentation, activities, resources, feedback, or empty',
    );
  });

  it('contact messages need every field a visitor fills in', () => {
    expect(firstMessage(contactMessageRowSchema.safeParse({ name: 'n', email: 'a@example.com', subject: 's' }))).toBe('Message is required');
  });

  it('users keep only a lower-cased e-mail', () => {
    expect(userRowSchema.parse({ email: ' Ada@Example.COM ', name: 'Ada', workshopsBooked: '2' })).toEqual({ email: 'ada@example.com' });
  });
});
