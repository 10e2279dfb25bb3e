import { z } from 'zod';
import { attendeeSchema, confirmationWorkshopSchema, visitorTimeZoneField } from './booking.schema';

/**
 * Claiming an unnamed seat (`/claim/{token}`): the page reads what the link is for, then puts the
 * colleague's own name and address on the seat, once. Shared by the page and the server.
 */

/** The token is the last part of the link; anything longer than a token can be is refused before it is read. */
export const claimTokenParamsSchema = z.object({ token: z.string().min(1).max(256) });

/**
 * POST /api/claims/{token}: the person taking the seat, checked like a named attendee at checkout.
 * `timeZone` is the browser's, so their e-mails show their own clock beside the organiser's.
 */
export const claimSeatSchema = attendeeSchema.extend({ timeZone: visitorTimeZoneField });
export type ClaimSeatInput = z.input<typeof claimSeatSchema>;
export type ClaimSeatBody = z.output<typeof claimSeatSchema>;

/**
 * Where a genuine link stands:
 * - open: the seat is unnamed and can be claimed with this link;
 * - claimed: someone has put their name on the seat (perhaps with this link);
 * - revoked: the buyer replaced the link, or it ran out;
 * - closed: the seat was cancelled, refunded or ran out unpaid;
 * - started: the workshop has started, so the seat stays as it is.
 */
export const CLAIM_STATES = ['open', 'claimed', 'revoked', 'closed', 'started'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/**
 * GET /api/claims/{token}: what the claim page shows, and no one's personal data beyond the
 * first name of whoever bought the seat (the colleague should know who sends it).
 */
export const seatClaimSchema = z.object({
  state: z.enum(CLAIM_STATES),
  /** Only an open link can be claimed. */
  claimable: z.boolean(),
  buyerFirstName: z.string(),
  workshop: confirmationWorkshopSchema,
});
export type SeatClaim = z.infer<typeof seatClaimSchema>;

/** Error codes of the claim calls, for the page to tell the cases apart. */
export const CLAIM_ERROR_CODES = {
  invalid: 'claim_link_invalid',
  alreadyClaimed: 'already_claimed',
  revoked: 'claim_revoked',
} as const;

export const CLAIM_LINK_INVALID = 'This claim link is not valid. Check that you copied the whole link.';
export const SEAT_ALREADY_CLAIMED = 'This seat has already been claimed, so the link cannot be used again.';
export const CLAIM_LINK_REVOKED = 'This claim link no longer works: it was replaced or has expired. Ask the person who booked the seat for a new link.';
export const SEAT_NO_LONGER_CLAIMABLE = 'This seat can no longer be claimed: it was cancelled or is no longer held.';
export const CLAIM_WORKSHOP_STARTED = 'This workshop has already started, so its seats can no longer be claimed.';
