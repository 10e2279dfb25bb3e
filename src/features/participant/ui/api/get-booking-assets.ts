import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { bookingAssetListSchema, type BookingAssetItem } from '../../participant.schema';

const url = (bookingId: number) => `/api/participant/booking/${bookingId}/assets`;

/** GET /api/participant/booking/{bookingId}/assets: items with a nested asset, by sortOrder. */
export function getBookingAssets(bookingId: number): Promise<BookingAssetItem[]> {
  return apiGet(url(bookingId), bookingAssetListSchema);
}

export const bookingAssetsQueryOptions = (bookingId: number) =>
  // Slides do not change while the page is open; no reload (and frame flicker) on every focus.
  queryOptions({ queryKey: [url(bookingId)], queryFn: () => getBookingAssets(bookingId), refetchOnWindowFocus: false });

export function useBookingAssets(bookingId: number) {
  return useQuery(bookingAssetsQueryOptions(bookingId));
}

/** The full-screen page of one asset, opened in a new tab. */
export const viewAssetUrl = (assetId: number) => `/api/view-asset/${assetId}`;
