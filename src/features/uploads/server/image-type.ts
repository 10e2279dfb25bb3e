import { IMAGE_TYPES, STORED_NAME_PATTERN, type ImageExtension } from '../uploads.schema';

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

/**
 * The image kind a stored name's extension stands for; null for a name that is not one of ours.
 * What /uploads sends as Content-Type, so no row can make it announce anything but an image.
 */
export function imageTypeOfStoredName(name: string): { extension: ImageExtension; contentType: string } | null {
  const match = STORED_NAME_PATTERN.exec(name);
  if (!match) return null;
  const extension = match[1] as ImageExtension;
  return { extension, contentType: IMAGE_TYPES[extension] };
}
