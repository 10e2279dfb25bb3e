import { ApiError, readJson } from '../../../client/lib/api-client';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, uploadedImageSchema, type UploadedImage } from '../uploads.schema';

export const UPLOADS_URL = '/api/admin/uploads';

/**
 * POST /api/admin/uploads with the file's raw bytes as the body. api-client sends JSON only, so
 * this is its own fetch, with the same headers and credentials. A file over the
 * limit is refused here before any bytes travel; the server checks again (and checks the type
 * by content, which the browser cannot be trusted to do).
 */
export async function uploadImage(file: File | Blob): Promise<UploadedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(IMAGE_TOO_LARGE, 413, JSON.stringify({ message: IMAGE_TOO_LARGE }));
  const response = await fetch(UPLOADS_URL, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': file.type && file.type.startsWith('image/') ? file.type : 'application/octet-stream',
      'X-Client-Source': 'web',
      'X-Request-Time': String(Date.now()),
    },
    body: file,
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(text || `API request failed with status ${response.status}`, response.status, text);
  }
  return readJson(response, uploadedImageSchema);
}
