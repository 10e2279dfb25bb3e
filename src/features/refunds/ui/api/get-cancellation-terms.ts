import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { cancellationTermsSchema, type CancellationTerms } from '../../refunds.schema';

export const cancellationTermsKey = (bookingId: number) => [`/api/participant/booking/${bookingId}/cancellation-terms`] as const;

/** GET /api/participant/booking/{bookingId}/cancellation-terms: what cancelling now gives, and where the seat's money stands. */
export function getCancellationTerms(bookingId: number): Promise<CancellationTerms> {
  return apiGet(cancellationTermsKey(bookingId)[0], cancellationTermsSchema);
}

/** Read fresh each time the dialog opens or a card shows its refund: the terms change with the clock. */
export const cancellationTermsQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: cancellationTermsKey(bookingId), queryFn: () => getCancellationTerms(bookingId), staleTime: 0, retry: false });

export function useCancellationTerms(bookingId: number, enabled: boolean) {
  return useQuery({ ...cancellationTermsQueryOptions(bookingId), enabled });
}
