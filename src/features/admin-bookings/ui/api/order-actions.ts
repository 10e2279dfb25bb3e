import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import {
  cancelOrderResponseSchema,
  orderActionResponseSchema,
  type AdminCancelOrderInput,
  type CancelOrderResponse,
  type MarkPaidInput,
  type OrderActionResponse,
} from '../../admin-bookings.schema';
import { seatsChanged } from './booking-cache';
import { ADMIN_BOOKINGS_KEY } from './get-admin-bookings';

/** POST /api/admin/orders/{orderId}/cancel: every seat still booked, with one refund choice for the order. */
export async function cancelOrder({ orderId, input }: { orderId: number; input: AdminCancelOrderInput }): Promise<CancelOrderResponse> {
  return readJson(await apiRequest('POST', `/api/admin/orders/${orderId}/cancel`, input), cancelOrderResponseSchema);
}

/** POST /api/admin/orders/{orderId}/resend: the order's confirmations again. */
export async function resendOrder({ orderId }: { orderId: number }): Promise<OrderActionResponse> {
  return readJson(await apiRequest('POST', `/api/admin/orders/${orderId}/resend`, {}), orderActionResponseSchema);
}

/** POST /api/admin/orders/{orderId}/mark-paid: every reservation of the order, paid outside the site. */
export async function markOrderPaid({ orderId, input }: { orderId: number; input: MarkPaidInput }): Promise<OrderActionResponse> {
  return readJson(await apiRequest('POST', `/api/admin/orders/${orderId}/mark-paid`, input), orderActionResponseSchema);
}

/** After an order's action several seats changed: the Bookings list, the order and the counts are read again. */
function useOrderMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_BOOKINGS_KEY }), seatsChanged(queryClient)]);
    },
  });
}

export const useCancelOrder = () => useOrderMutation(cancelOrder);
export const useResendOrder = () => useOrderMutation(resendOrder);
export const useMarkOrderPaid = () => useOrderMutation(markOrderPaid);
