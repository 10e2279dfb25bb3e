import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { reviewRefundResponseSchema, type ReviewRefundInput, type ReviewRefundResponse } from '../../refunds.schema';
import { ADMIN_REFUND_REQUESTS_KEY } from './get-refund-requests';

/** The Bookings tab's list (status and seats change) and the Workshops tab's seat counts. */
const ADMIN_BOOKINGS_KEY = ['/api/admin/bookings'] as const;
const ADMIN_WORKSHOP_DATES_KEY = ['/api/admin/workshop-dates'] as const;

/** PUT /api/admin/refund-requests/{id}. */
export async function reviewRefundRequest({ id, ...body }: { id: number } & ReviewRefundInput): Promise<ReviewRefundResponse> {
  const response = await apiRequest('PUT', `/api/admin/refund-requests/${id}`, body);
  return readJson(response, reviewRefundResponseSchema);
}

export function useReviewRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewRefundRequest,
    onSettled: async () => {
      // Also after a failure: another admin may have decided meanwhile (409).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REFUND_REQUESTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_BOOKINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_DATES_KEY }),
        invalidateAdminOverview(queryClient),
      ]);
    },
  });
}
