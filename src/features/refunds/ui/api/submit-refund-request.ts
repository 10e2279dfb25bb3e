import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { refundRequestResponseSchema, type RefundRequestBody, type RefundRequestResponse } from '../../refunds.schema';
import { isParticipantBookings } from './cancel-booking';
import { cancellationTermsKey } from './get-cancellation-terms';

/** POST /api/participant/refund-request/{bookingId}. */
export async function submitRefundRequest({ bookingId, reason }: { bookingId: number } & RefundRequestBody): Promise<RefundRequestResponse> {
  const response = await apiRequest('POST', `/api/participant/refund-request/${bookingId}`, { reason });
  return readJson(response, refundRequestResponseSchema);
}

/** The card shows the request once sent: its booking (in the lists) and its refund state are read again. */
export function useSubmitRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRefundRequest,
    onSuccess: (_answer, { bookingId }) => {
      void queryClient.invalidateQueries({ queryKey: cancellationTermsKey(bookingId) });
      void queryClient.invalidateQueries({ predicate: (query) => isParticipantBookings(query.queryKey) });
    },
  });
}
