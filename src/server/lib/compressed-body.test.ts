import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressOnce } from './compressed-body';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and sends plain bytes to a client that names neither', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
  });

  it('honours q-values: q=0 refuses a coding and a higher weight wins', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBe('identity');
    expect(chooseEncoding('GZIP ; Q=1')).toBe('gzip');
  });

  it('reads * as every coding not named', () => {
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBe('identity');
  });
});

describe('compressOnce', () => {
  it('holds the text as is and compressed copies that decompress to it, smaller than the text', () => {
    const text = `<main>${'<p>Seats for the live workshop — ünïcode too.</p>'.repeat(200)}</main>`;
    const body = compressOnce(text);
    expect(body('identity').toString('utf8')).toBe(text);
    expect(gunzipSync(body('gzip')).toString('utf8')).toBe(text);
    expect(brotliDecompressSync(body('br')).toString('utf8')).toBe(text);
    expect(body('br').length).toBeLessThan(body('identity').length / 4);
    expect(body('gzip').length).toBeLessThan(body('identity').length / 4);
    // Made once: the same bytes again.
    expect(body('br')).toBe(body('br'));
  });
});
