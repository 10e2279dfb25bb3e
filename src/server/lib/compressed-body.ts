import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none.
 * Follows RFC 9110 §12.5.3: `q=0` refuses a coding, `*` stands for the codings not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/**
 * A body that never changes, by encoding: each compressed copy is made the first time it is asked
 * for (at the strongest settings) and then reused, so start-up compresses nothing.
 */
export type CompressedBody = (encoding: ContentEncoding) => Buffer;

export function compressOnce(text: string): CompressedBody {
  const identity = Buffer.from(text, 'utf8');
  const copies = new Map<ContentEncoding, Buffer>([['identity', identity]]);
  const compress = (encoding: ContentEncoding) =>
    encoding === 'gzip'
      ? gzipSync(identity, { level: 9 })
      : brotliCompressSync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
        });
  return (encoding) => {
    let body = copies.get(encoding);
    if (!body) copies.set(encoding, (body = compress(encoding)));
    return body;
  };
}

/**
 * A body sent once (a page for one visitor): compressed at settings a few milliseconds buy
 * (brotli 5, gzip 6), where compressOnce's strongest ones would cost more than they save.
 */
export function compressForOne(text: string, encoding: ContentEncoding): Buffer {
  const identity = Buffer.from(text, 'utf8');
  if (encoding === 'gzip') return gzipSync(identity, { level: 6 });
  if (encoding === 'br') return brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  return identity;
}
