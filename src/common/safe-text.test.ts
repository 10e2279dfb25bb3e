import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, safeString } from './safe-text';

describe('hasForbiddenCharacters', () => {
  it.each(['\u0000', 'a\u0000b', '\ud800', 'a\udc00', '\udfff\ud800', 'x\ud83d'])('refuses %j', (text) => {
    expect(hasForbiddenCharacters(text)).toBe(true);
  });

  it.each(['', 'Ada Lovelace', '👩‍👩‍👧', '\u200fשלום', 'tab\tnew\nline\r', 'form\ffeed\vtab', 'Café'])('accepts %j', (text) => {
    expect(hasForbiddenCharacters(text)).toBe(false);
  });
});

describe('safeString', () => {
  it("names the field, before the schema's own checks, on the raw text", () => {
    const firstName = safeString('First name').trim().min(2, 'First name must be at least 2 characters');
    const result = firstName.safeParse(' \u0000 ');
    expect(result.error?.issues[0]?.message).toBe('First name contains a character that is not allowed');
    expect(firstName.parse('  Ada ')).toBe('Ada');
  });
});
