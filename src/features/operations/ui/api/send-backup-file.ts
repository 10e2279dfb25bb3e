import { ApiError } from '../../../../client/lib/api-client';

/**
 * POSTs a chosen backup file to the server as it is on disk, for the check and for the restore
 * alike. api-client sends JSON it stringifies itself, so this is its own fetch with the same headers
 * and credentials: the file is neither read nor parsed in the page, so a large one
 * costs the tab no memory, and the server judges the very bytes it would restore.
 */
export async function sendBackupFile(url: string, file: Blob, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Client-Source': 'web',
      'X-Request-Time': String(Date.now()),
    },
    body: file,
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(text || `API request failed with status ${response.status}`, response.status, text);
  }
  return response;
}
