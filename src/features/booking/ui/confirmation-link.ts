import { BOOKING_CONFIRMED_PATH } from '../../../common/route-meta';

/** The confirmation page's address: the id and signed token are all a reload needs (no session). */
export type ConfirmationLink = { bookingId: number; token: string };

export function confirmationPath({ bookingId, token }: ConfirmationLink): string {
  return `${BOOKING_CONFIRMED_PATH}?booking=${bookingId}&token=${encodeURIComponent(token)}`;
}

/** The link in the page's query string, or null when it is missing or malformed. */
export function confirmationLinkFrom(search: string): ConfirmationLink | null {
  const params = new URLSearchParams(search);
  const bookingId = Number(params.get('booking'));
  const token = params.get('token');
  if (!token || !Number.isInteger(bookingId) || bookingId <= 0) return null;
  return { bookingId, token };
}

/** The same file as the participant's calendar.ics, opened with the confirmation token. */
export function confirmationCalendarPath({ bookingId, token }: ConfirmationLink): string {
  return `/api/bookings/${bookingId}/confirmation/calendar.ics?token=${encodeURIComponent(token)}`;
}
