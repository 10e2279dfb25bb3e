import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('detectImageType', () => {
  it('recognises the four accepted formats by their first bytes', () => {
    expect(detectImageType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]))).toEqual({ extension: 'png', contentType: 'image/png' });
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xdb]))).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(detectImageType(bytes('GIF87a', [1, 0]))).toEqual({ extension: 'gif', contentType: 'image/gif' });
    expect(detectImageType(bytes('GIF89a', [1, 0]))).toEqual({ extension: 'gif', contentType: 'image/gif' });
    expect(detectImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toEqual({ extension: 'webp', contentType: 'image/webp' });
  });

  it.each([
    ['empty', bytes()],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['SVG behind an XML prolog', bytes('<?xml version="1.0"?><svg/>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['PDF', bytes('%PDF-1.7')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['a PNG signature not at the start', bytes(' ', [0x89], 'PNG\r\n\x1a\n')],
    ['GIF90a', bytes('GIF90a')],
  ])('refuses %s', (_label, input) => {
    expect(detectImageType(input)).toBeNull();
  });
});
