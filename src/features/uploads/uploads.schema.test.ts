import { describe, expect, it } from 'vitest';
import { IMAGE_URL_INVALID, isImageUrl, optionalImageUrlField } from './uploads.schema';

describe('isImageUrl', () => {
  it.each([
    '/uploads/0123456789abcdef0123456789abcdef.png',
    '/uploads/0123456789abcdef0123456789abcdef.webp',
    'https://images.example.com/a.jpg',
    'http://example.com/x?size=2',
  ])('accepts %s', (value) => expect(isImageUrl(value)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example.com/x.png',
    '/uploads/../data/pgdata',
    '/uploads/0123456789abcdef0123456789abcdef.svg',
    '/etc/passwd',
    'ftp://example.com/a.png',
    'https://',
  ])('refuses %s', (value) => expect(isImageUrl(value)).toBe(false));
});

describe('optionalImageUrlField', () => {
  it('turns empty into null, trims, and leaves a missing value missing', () => {
    expect(optionalImageUrlField.parse('')).toBeNull();
    expect(optionalImageUrlField.parse('   ')).toBeNull();
    expect(optionalImageUrlField.parse(null)).toBeNull();
    expect(optionalImageUrlField.parse(undefined)).toBeUndefined();
    expect(optionalImageUrlField.parse(' https://a.example/b.png ')).toBe('https://a.example/b.png');
  });

  it('gives the shared message for anything else', () => {
    const result = optionalImageUrlField.safeParse('javascript:alert(1)');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(IMAGE_URL_INVALID);
  });
});
