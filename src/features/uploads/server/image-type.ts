import { IMAGE_TYPES, type ImageExtension } from '../uploads.schema';

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image kind the bytes themselves declare (magic numbers); null for anything else. The
 * Content-Type header and any file name are never trusted: an HTML or SVG file announced as
 * image/png must not be stored and served back as a page.
 */
export function detectImageType(bytes: Buffer): { extension: ImageExtension; contentType: string } | null {
  let extension: ImageExtension | null = null;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) extension = 'png';
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) extension = 'jpg';
  else if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) extension = 'gif';
  else if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) extension = 'webp';
  return extension ? { extension, contentType: IMAGE_TYPES[extension] } : null;
}
