import { tokenFor, verifyToken, type TokenSigner } from '../../../server/lib/signed-token';

/**
 * A seat's personal join link, `/join/{token}` (docs/decisions/020-roster-and-join-links.md): the
 * token names the seat (its booking id) for this purpose only, so it cannot be replayed as a
 * sign-in or pay link. It does not carry the meeting link: the link is read when it is opened, so
 * a changed meeting link needs no new e-mail, and a seat that is cancelled or refunded stops
 * opening it because the seat is read too.
 */
export const JOIN_LINK_PURPOSE = 'join';
export const JOIN_PATH_PREFIX = '/join/';
/**
 * Long enough for any workshop booked today to have ended (dates are sold up to a year or so
 * ahead, and move): the seat's status, not the token's age, is what closes the link.
 */
export const JOIN_LINK_TTL_MS = 3 * 365 * 86_400_000;

/** `{publicUrl}/join/{token}` for one seat; e-mails sign it with their SealedTokens at send time. */
export function joinLinkFor(signer: string | TokenSigner, publicUrl: string, bookingId: number, now = Date.now()): string {
  const token = tokenFor(signer, JOIN_LINK_PURPOSE, String(bookingId), JOIN_LINK_TTL_MS, now);
  return `${publicUrl}${JOIN_PATH_PREFIX}${encodeURIComponent(token)}`;
}

/** The seat a genuine, unexpired join token names; null for anything else. */
export function seatOfJoinToken(secret: string, token: string | undefined | null, now = Date.now()): number | null {
  const subject = verifyToken(secret, JOIN_LINK_PURPOSE, token, now);
  const id = subject === null ? NaN : Number(subject);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
