import { describe, expect, it } from 'vitest';
import { parseFromAddress, settingsUpdateSchema } from './settings.schema';

describe('parseFromAddress', () => {
  it.each([
    ['hello@example.com', { name: null, address: 'hello@example.com' }],
    ['  hello@example.com ', { name: null, address: 'hello@example.com' }],
    ['Workshops <hello@example.com>', { name: 'Workshops', address: 'hello@example.com' }],
    ['"Studio, Inc" <hello@example.com>', { name: 'Studio, Inc', address: 'hello@example.com' }],
    ['<hello@example.com>', { name: null, address: 'hello@example.com' }],
  ])('reads %j', (text, expected) => {
    expect(parseFromAddress(text)).toEqual(expected);
  });

  it.each(['', 'hello', 'hello@', 'Workshops <hello>', 'a b@example.com', 'Workshops hello@example.com>'])('refuses %j', (text) => {
    expect(parseFromAddress(text)).toBeNull();
  });
});

describe('settingsUpdateSchema', () => {
  it('keeps omitted fields omitted and treats an empty or null secret as "keep"', () => {
    expect(settingsUpdateSchema.parse({ emailPassword: '', emailClientSecret: null })).toEqual({ emailPassword: undefined, emailClientSecret: undefined });
  });

  it('clears text fields sent empty or null, and an empty port means 587', () => {
    expect(settingsUpdateSchema.parse({ emailHost: null, emailUser: '  ', emailPort: '' })).toMatchObject({ emailHost: '', emailUser: '', emailPort: 587 });
  });

  it('reads a port typed into a form', () => {
    expect(settingsUpdateSchema.parse({ emailPort: '465' }).emailPort).toBe(465);
  });

  it('keeps secrets exactly as typed (no trimming)', () => {
    expect(settingsUpdateSchema.parse({ emailPassword: ' pass word ' }).emailPassword).toBe(' pass word ');
  });
});
