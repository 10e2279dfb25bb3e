import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { refundRequestResponseSchema, type RefundRequestBody, type RefundRequestResponse } from '../../refunds.schema';

/** POST /api/participant/refund-request/{bookingId}. */
export async function submitRefundRequest({ bookingId, reason }: { bookingId: number } & RefundRequestBody): Promise<RefundRequestResponse> {
  const response = await apiRequest('POST', `/api/participant/refund-request/${bookingId}`, { reason });
  return readJson(response, refundRequestResponseSchema);
}

export function useSubmitRefundRequest() {
  return useMutation({ mutationFn: submitRefundRequest });
}
