import { BOOKING_CONFIRMED_PATH } from '../../../common/route-meta';

/** The confirmation page's address: the id and signed token are all a reload needs (no session). */
export type ConfirmationLink = { bookingId: number; token: string };

export function confirmationPath({ bookingId, token }: ConfirmationLink): string {
  return `${BOOKING_CONFIRMED_PATH}?booking=${bookingId}&token=${encodeURIComponent(token)}`;
}

/** The booking id and the token under `tokenParam` in a query string, or null when either is missing or malformed. */
function bookingAndToken(search: string, tokenParam: string): { bookingId: number; token: string } | null {
  const params = new URLSearchParams(search);
  const bookingId = Number(params.get('booking'));
  const token = params.get(tokenParam);
  if (!token || !Number.isInteger(bookingId) || bookingId <= 0) return null;
  return { bookingId, token };
}

/** The link in the page's query string, or null when it is missing or malformed. */
export function confirmationLinkFrom(search: string): ConfirmationLink | null {
  return bookingAndToken(search, 'token');
}

/** The same file as the participant's calendar.ics, opened with the confirmation token. */
export function confirmationCalendarPath({ bookingId, token }: ConfirmationLink): string {
  return `/api/bookings/${bookingId}/confirmation/calendar.ics?token=${encodeURIComponent(token)}`;
}

/** The link e-mailed to a new reservation: `/booking/confirmed?booking={id}&confirm={token}`. */
export type ReservationConfirmLink = { bookingId: number; confirmToken: string };

/** The reservation-confirm link in the page's query string, or null when it is not one. */
export function reservationConfirmLinkFrom(search: string): ReservationConfirmLink | null {
  const link = bookingAndToken(search, 'confirm');
  return link && { bookingId: link.bookingId, confirmToken: link.token };
}
