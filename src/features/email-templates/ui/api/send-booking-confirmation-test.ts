import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import {
  bookingConfirmationTestResponseSchema,
  type BookingConfirmationTestInput,
  type BookingConfirmationTestResponse,
} from '../../email-templates.schema';

/** POST /api/debug/send-booking-confirmation-test: a sample confirmation, queued in the outbox. */
export async function sendBookingConfirmationTest(input: BookingConfirmationTestInput): Promise<BookingConfirmationTestResponse> {
  return readJson(await apiRequest('POST', '/api/debug/send-booking-confirmation-test', input), bookingConfirmationTestResponseSchema);
}

export function useSendBookingConfirmationTest() {
  return useMutation({ mutationFn: sendBookingConfirmationTest });
}
