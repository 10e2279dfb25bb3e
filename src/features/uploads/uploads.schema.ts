import { z } from 'zod';
import { safeString } from '../../common/safe-text';

/**
 * Image uploads: the one source of the limits and messages shared by the upload call,
 * the image field of the admin forms and the fields that point at an image.
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Images must be 5 MB or smaller';
export const IMAGE_TYPE_REFUSED = 'Please upload a PNG, JPEG, GIF or WebP image';
export const IMAGE_URL_INVALID = 'Please enter an uploaded image or a valid http(s) image URL';

/** The four image kinds accepted, by their file extension. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** A stored file's name: 128 random bits in hex and the extension its bytes earned. */
export const STORED_NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** POST /api/admin/uploads answers this (201). */
export const uploadedImageSchema = z.object({
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** An image field's value: one of our uploads, or an http(s) address elsewhere. */
export function isImageUrl(value: string): boolean {
  if (UPLOAD_PATH_PATTERN.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An optional image address for forms and admin writes: empty or null means none (stored as
 * null); anything else must be an /uploads/… path or an http(s) URL — never javascript: or data:.
 */
export const optionalImageUrlField = z.preprocess(
  (value) => (value === undefined ? undefined : value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? value.trim() : value),
  safeString('Image', { error: IMAGE_URL_INVALID })
    .max(2000, IMAGE_URL_INVALID)
    .refine(isImageUrl, IMAGE_URL_INVALID)
    .nullable()
    .optional(),
);
