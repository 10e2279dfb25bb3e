import { apiRequest } from '../../../../../client/lib/api-client';
import type { z } from 'zod';
import type { demoConfirmSchema } from '../../../booking.schema';

/**
 * POST /api/payments/demo/confirm (demo provider only): 4242 4242 4242 4242 pays, 4000 0000 0000
 * 0002 is declined with 402 and a message. The answer's booking id is not needed: the checkout
 * completes through POST /api/bookings like the Stripe path.
 */
export async function confirmDemoPayment(input: z.input<typeof demoConfirmSchema>): Promise<void> {
  await apiRequest('POST', '/api/payments/demo/confirm', input);
}
