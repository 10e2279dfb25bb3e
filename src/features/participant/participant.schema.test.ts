import { describe, expect, it } from 'vitest';
import {
  BIO_TOO_LONG,
  classifyProfileImage,
  participantProfileInputSchema,
  PREFERENCES_TOO_LONG,
  PROFILE_IMAGE_INVALID,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
} from './participant.schema';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const dataUrl = (type: string, bytes: number[]) => `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;
const firstMessage = (input: unknown) => {
  const result = participantProfileInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('classifyProfileImage', () => {
  it('accepts nothing, http(s) URLs and real images of the four formats', () => {
    expect(classifyProfileImage('')).toBe('empty');
    expect(classifyProfileImage('https://example.com/me.png')).toBe('url');
    expect(classifyProfileImage('http://example.com/me')).toBe('url');
    expect(classifyProfileImage(dataUrl('png', PNG_HEAD))).toBe('image');
    expect(classifyProfileImage(dataUrl('jpeg', [0xff, 0xd8, 0xff, 0xe0, 1, 2]))).toBe('image');
    expect(classifyProfileImage(dataUrl('gif', [...Buffer.from('GIF89a'), 1, 0, 1, 0]))).toBe('image');
    expect(classifyProfileImage(dataUrl('webp', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]))).toBe('image');
  });

  it('refuses other schemes, other types and bytes that are not the declared format', () => {
    for (const value of [
      'javascript:alert(1)',
      'ftp://example.com/a.png',
      'not a url',
      dataUrl('svg+xml', [...Buffer.from('<svg></svg>')]),
      dataUrl('png', [0xff, 0xd8, 0xff, 0xe0]),
      `data:text/html;base64,${Buffer.from('<script>').toString('base64')}`,
      'data:image/png;base64,@@@@',
    ]) {
      expect(classifyProfileImage(value), value).toBe('invalid');
    }
  });

  it('refuses an image that decodes to more than 2 MB', () => {
    const big = Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 3);
    Buffer.from(PNG_HEAD).copy(big);
    expect(classifyProfileImage(`data:image/png;base64,${big.toString('base64')}`)).toBe('too-large');
    const fits = Buffer.alloc(PROFILE_IMAGE_MAX_BYTES);
    Buffer.from(PNG_HEAD).copy(fits);
    expect(classifyProfileImage(`data:image/png;base64,${fits.toString('base64')}`)).toBe('image');
  });
});

describe('participantProfileInputSchema', () => {
  it("carries the spec's messages", () => {
    expect(firstMessage({ bio: 'x'.repeat(501) })).toBe(BIO_TOO_LONG);
    expect(firstMessage({ preferences: 'x'.repeat(501) })).toBe(PREFERENCES_TOO_LONG);
    expect(firstMessage({ profileImageUrl: 'javascript:alert(1)' })).toBe(PROFILE_IMAGE_INVALID);
    expect(firstMessage({ profileImageUrl: `data:image/png;base64,${Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 3).toString('base64')}` })).toBe(
      PROFILE_IMAGE_TOO_LARGE,
    );
  });

  it('fills in empty values and accepts the limits exactly', () => {
    expect(participantProfileInputSchema.parse({})).toEqual({ bio: '', preferences: '', profileImageUrl: '' });
    expect(participantProfileInputSchema.parse({ bio: 'x'.repeat(500), preferences: 'y'.repeat(500), profileImageUrl: ' https://example.com/a.jpg ' })).toEqual({
      bio: 'x'.repeat(500),
      preferences: 'y'.repeat(500),
      profileImageUrl: 'https://example.com/a.jpg',
    });
  });
});
