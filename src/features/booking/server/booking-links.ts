import { tokenFor, type TokenSigner } from '../../../server/lib/signed-token';

/*
 * The signed links the sale's e-mails carry (composed by src/app/server/booking-mail.ts): each
 * names its purpose, which the page it opens checks, so a link for one thing never does another.
 */

export const PAY_LINK_PURPOSE = 'pay-reservation';
const PAY_LINK_TTL_MS = 60 * 86_400_000;

/**
 * The link in a reservation e-mail: the checkout, for this booking, signed (by the e-mail's
 * SealedTokens when it goes to the outbox, so the table holds no token that pays).
 */
export function payLinkFor(signer: string | TokenSigner, publicUrl: string, bookingId: number, now = Date.now()): string {
  const token = tokenFor(signer, PAY_LINK_PURPOSE, String(bookingId), PAY_LINK_TTL_MS, now);
  return `${publicUrl}/checkout?booking=${bookingId}&token=${encodeURIComponent(token)}`;
}

export const RESERVATION_CONFIRM_PURPOSE = 'confirm-reservation';
/**
 * The confirm link outlives the short hold it ends (the server answers a late click by saying the
 * seat went back on sale), but not by long: it is not a key to the booking.
 */
const RESERVATION_CONFIRM_TTL_MS = 86_400_000;

/** The link that confirms a reservation's address: the confirmation page, which sends it to the server. */
export function reservationConfirmLinkFor(signer: string | TokenSigner, publicUrl: string, bookingId: number, now = Date.now()): string {
  const token = tokenFor(signer, RESERVATION_CONFIRM_PURPOSE, String(bookingId), RESERVATION_CONFIRM_TTL_MS, now);
  return `${publicUrl}/booking/confirmed?booking=${bookingId}&confirm=${encodeURIComponent(token)}`;
}

export const CLAIM_PURPOSE = 'claim-seat';
/** A claim link lasts long enough to be forwarded around a company; the seat's start ends it sooner. */
const CLAIM_LINK_TTL_MS = 180 * 86_400_000;

/**
 * The link a colleague opens to put their own name on an unnamed seat (`/claim/{token}`): it names
 * the seat and its claim version, so revoking it (or the seat being claimed) ends every copy.
 */
export function claimLinkFor(signer: string | TokenSigner, publicUrl: string, seat: { id: number; claimVersion: number }, now = Date.now()): string {
  const token = tokenFor(signer, CLAIM_PURPOSE, `${seat.id}.${seat.claimVersion}`, CLAIM_LINK_TTL_MS, now);
  return `${publicUrl}/claim/${encodeURIComponent(token)}`;
}
