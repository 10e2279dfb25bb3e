import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../../client/lib/api-client';
import { paymentIntentResponseSchema, type CreatePaymentIntentInput, type PaymentIntentResponse } from '../../../booking.schema';
import { holdDeadline } from '../hold-countdown';

/**
 * The server's answer, with the seat hold's end on this browser's clock (null when nothing is
 * held) and when the answer came (the countdown starts from there).
 */
export type PaymentIntentAnswer = PaymentIntentResponse & { holdEndsAt: number | null; receivedAt: number };

/**
 * POST /api/create-payment-intent: the server prices the seat (the `amount` sent is ignored) and,
 * when there is something to pay, opens the payment and holds a seat for 15 minutes.
 */
export async function createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentAnswer> {
  const response = await apiRequest('POST', '/api/create-payment-intent', input);
  const receivedAt = Date.now();
  const answer = await readJson(response, paymentIntentResponseSchema);
  return { ...answer, holdEndsAt: holdDeadline(answer.holdExpiresAt, response.headers.get('date'), receivedAt), receivedAt };
}

/**
 * Run as a query, not a mutation, because it must happen exactly once per checkout visit: the
 * query cache shares one in-flight call between React StrictMode's double mount and any
 * re-render, never refetches it (focus, reconnect, remount), and forgets it when the checkout
 * unmounts (gcTime 0), so the next visit asks again and gets a fresh hold.
 */
export function paymentIntentQueryOptions(input: CreatePaymentIntentInput) {
  return queryOptions({
    queryKey: [
      '/api/create-payment-intent',
      {
        workshopDateId: input.workshopDateId,
        email: input.customerInfo?.email,
        discountCode: input.discountCode ?? '',
        bookingId: input.bookingId ?? null,
        waitlistOffer: input.waitlistOffer ?? null,
      },
    ],
    queryFn: () => createPaymentIntent(input),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePaymentIntent(input: CreatePaymentIntentInput) {
  return useQuery(paymentIntentQueryOptions(input));
}
