import { describe, expect, it } from 'vitest';
import { createCouponSchema, discountCodeInputSchema, discountCodeUpdateSchema, parseExpiresAt } from './admin-discounts.schema';
import { expiryText, isExpired, usageText } from './discount-labels';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('parseExpiresAt', () => {
  it('reads a date-only value as the end of that day in UTC', () => {
    expect(parseExpiresAt('2031-07-04')!.toISOString()).toBe('2031-07-04T23:59:59.999Z');
    expect(parseExpiresAt(' 2031-12-31 ')!.toISOString()).toBe('2031-12-31T23:59:59.999Z');
  });

  it('reads an ISO instant as that instant, with or without an offset', () => {
    expect(parseExpiresAt('2031-07-04T10:30:00Z')!.toISOString()).toBe('2031-07-04T10:30:00.000Z');
    expect(parseExpiresAt('2031-07-04T10:30:00.123+02:00')!.toISOString()).toBe('2031-07-04T08:30:00.123Z');
  });

  it.each(['2031-02-30', '2031-13-01', 'tomorrow', '07/04/2031', '2031-07-04 10:00', ''])('refuses %j', (text) => {
    expect(parseExpiresAt(text)).toBeNull();
  });
});

describe('discountCodeInputSchema', () => {
  it('fills the defaults of spec §5 and upper-cases the code', () => {
    expect(discountCodeInputSchema.parse({ code: ' save-10 ', description: 'Ten off' })).toEqual({
      code: 'SAVE-10',
      description: 'Ten off',
      discountPercent: 10,
      maxUses: null,
      expiresAt: null,
      isActive: true,
    });
  });

  it('takes the text of form inputs: numbers as text, empty limits as none', () => {
    const parsed = discountCodeInputSchema.parse({ code: 'A', description: 'x', discountPercent: '25', maxUses: '', expiresAt: '', isActive: false });
    expect(parsed).toMatchObject({ discountPercent: 25, maxUses: null, expiresAt: null, isActive: false });
  });

  it.each([
    [{ code: '', description: 'x' }, 'Code is required'],
    [{ code: 'A B', description: 'x' }, 'Code may only contain letters, digits, hyphens (-) and underscores (_)'],
    [{ code: 'A', description: '  ' }, 'Description is required'],
    [{ code: 'A', description: 'x', discountPercent: '0' }, 'Discount must be between 1 and 100 percent'],
    [{ code: 'A', description: 'x', discountPercent: '' }, 'Discount must be between 1 and 100 percent'],
    [{ code: 'A', description: 'x', discountPercent: 12.5 }, 'Discount must be a whole number of percent'],
    [{ code: 'A', description: 'x', maxUses: '0' }, 'Max uses must be a whole number of at least 1, or empty for unlimited'],
    [{ code: 'A', description: 'x', expiresAt: 'next week' }, 'Please enter a valid expiration date'],
  ])('refuses %j with %s', (input, message) => {
    expect(firstMessage(discountCodeInputSchema.safeParse(input))).toBe(message);
  });
});

describe('discountCodeUpdateSchema', () => {
  it('leaves out what was not sent, and reads empty limits as cleared', () => {
    expect(discountCodeUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(discountCodeUpdateSchema.parse({ maxUses: '', expiresAt: null })).toEqual({ maxUses: null, expiresAt: null });
  });
});

describe('createCouponSchema', () => {
  it("maps discountValue to the percentage and accepts 'percent'", () => {
    expect(createCouponSchema.parse({ code: 'c', description: 'x', discountType: 'Percent', discountValue: 30 })).toMatchObject({
      code: 'C',
      discountType: 'percent',
      discountValue: 30,
    });
  });

  it('refuses any other type', () => {
    expect(firstMessage(createCouponSchema.safeParse({ code: 'c', description: 'x', discountType: 'fixed', discountValue: 30 }))).toBe(
      'Only percentage discounts are supported',
    );
  });
});

describe('table labels', () => {
  it('shows usage against the limit or Unlimited', () => {
    expect(usageText({ currentUses: 3, maxUses: 10 })).toBe('3 / 10');
    expect(usageText({ currentUses: 3, maxUses: null })).toBe('3 / Unlimited');
  });

  it("shows the expiry's UTC day, or Never", () => {
    expect(expiryText('2031-07-04T23:59:59.999Z')).toBe('Jul 4, 2031');
    expect(expiryText(null)).toBe('Never');
  });

  it('calls a code expired once its instant has passed', () => {
    const now = Date.parse('2031-07-05T00:00:00Z');
    expect(isExpired('2031-07-04T23:59:59.999Z', now)).toBe(true);
    expect(isExpired('2031-07-05T00:00:01Z', now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
  });
});
