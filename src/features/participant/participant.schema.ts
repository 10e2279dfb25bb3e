import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { MAX_ROW_ID } from '../../common/schema-kit';
import { BOOKING_STATUSES } from '../../common/booking-status';
import { expertiseLevels } from '../workshops';

/** Texts of the participant area, kept once. */
export const INVALID_EMAIL = 'Please enter a valid email address';
/** The same answer whether or not the address has bookings: nobody learns who booked. */
export const ACCESS_LINK_SENT =
  'If there are bookings for this email address, we have sent a link to open them. Please check your inbox.';
export const ACCESS_LINK_INVALID = 'This link is invalid or has expired. Enter your email address to get a new one.';

/** POST /api/participant/access. */
export const participantAccessSchema = z.object(
  {
    email: safeString('Email', { error: INVALID_EMAIL })
      .trim()
      .max(254, INVALID_EMAIL)
      .refine((value) => value.includes('@'), INVALID_EMAIL),
  },
  { error: INVALID_EMAIL },
);
export type ParticipantAccessInput = z.infer<typeof participantAccessSchema>;

export const participantAccessResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/participant/session: who the participant session belongs to, if anyone. */
export const participantSessionSchema = z.object({ email: z.string().nullable(), isAdmin: z.boolean() });
export type ParticipantSession = z.infer<typeof participantSessionSchema>;

export const bookingIdParamsSchema = z.object({
  // Past a database integer an id names no booking, and must not reach a query as one.
  bookingId: z.coerce.number({ error: 'Booking id must be a number' }).int().positive('Booking id must be a number').max(MAX_ROW_ID, 'Booking id must be a number'),
});

// ---------------------------------------------------------------- the participant's reads and profile

export const NO_BOOKINGS_TITLE = 'No Bookings Found';
export const NO_BOOKINGS_TEXT = "We couldn't find any bookings associated with this email address";
export const VERIFY_FAILED = 'Failed to verify email. Please try again.';
export const DETAILS_NOT_AVAILABLE = 'Workshop details are not available yet.';
export const DETAILS_CHECK_BACK = 'Check back closer to the workshop date for Zoom links and other details.';
/** A reservation not yet paid sees the workshop but not the meeting room (decided here, see participant.service.ts). */
export const MEETING_DETAILS_AFTER_PAYMENT = 'Meeting details are shared once your booking is paid.';
export const BOOKING_REFUNDED_NOTE = 'This booking was refunded, so its meeting details, materials and profile are no longer shared.';
export const ASSETS_LOAD_FAILED = 'There was an error loading workshop assets. Please try again later.';
export const POPUP_BLOCKED = "Unable to open fullscreen view. Please check your browser's popup settings.";
export const COPY_FAILED = 'Failed to copy to clipboard';
export const EMAIL_REQUIRED_FOR_ADMIN = 'Please enter a valid email address';
export const BOOKING_CANCELLED = 'This booking has been cancelled';
export const WORKSHOP_NOT_FOUND = 'Workshop date not found';
export const ASSET_NOT_FOUND = 'Asset not found';
/** Spec §8 compact view: additional info is cut to this many characters. */
export const ADDITIONAL_INFO_PREVIEW_CHARS = 100;

export const BIO_MAX = 500;
export const PREFERENCES_MAX = 500;
export const BIO_TOO_LONG = 'Bio must be 500 characters or less';
export const PREFERENCES_TOO_LONG = 'Preferences must be 500 characters or less';
export const PROFILE_IMAGE_INVALID = 'Must be a valid URL or base64 image data';
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TOO_LARGE = 'Profile image must be 2 MB or smaller';

/** GET /api/participant/bookings?email=: a participant may leave it out (their session's address is used). */
export const participantBookingsQuerySchema = z.object({
  email: safeString('Email', { error: INVALID_EMAIL })
    .trim()
    .max(254, INVALID_EMAIL)
    .refine((value) => value.includes('@'), INVALID_EMAIL)
    .optional(),
});
export type ParticipantBookingsQuery = z.infer<typeof participantBookingsQuerySchema>;

export const participantRefundRequestSchema = z.object({
  status: z.string(),
  reason: z.string(),
  notes: z.string().nullable(),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
});

/**
 * An unnamed seat's claim, as its buyer sees it: `link` is the claim link to share
 * (`/claim/{token}`) while the seat can be claimed; null once it is claimed (`claimed`), or when it
 * no longer can be (refunded, or the workshop started).
 */
export const seatClaimStatusSchema = z.object({ claimed: z.boolean(), link: z.string().nullable() });
export type SeatClaimStatus = z.infer<typeof seatClaimStatusSchema>;

export const participantBookingSchema = z.object({
  id: z.number(),
  /** The order this seat belongs to, and the address that bought it. */
  orderId: z.number(),
  orderReference: z.string(),
  buyerEmail: z.string(),
  /** False for a seat bought without a name: its buyer holds it until a colleague claims it. */
  named: z.boolean(),
  /** The listed address is the person on this seat (a named seat in its name). */
  yourSeat: z.boolean(),
  /** The listed address bought this seat's order. */
  youBought: z.boolean(),
  /** For the buyer, a seat bought without a name: its claim; null otherwise. */
  claim: seatClaimStatusSchema.nullable(),
  /** The seat's personal join link (/join/{token}) for its own person, while it is confirmed; null otherwise. */
  joinUrl: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  isPaid: z.boolean(),
  finalPrice: z.number(),
  originalPrice: z.number(),
  discountAmount: z.number(),
  status: z.enum(BOOKING_STATUSES),
  paymentMode: z.enum(['pay_now', 'pay_later']),
  createdAt: z.string(),
  workshopDate: z.object({
    id: z.number(),
    title: z.string(),
    expertiseLevel: z.enum(expertiseLevels),
    date: z.string(),
    time: z.string(),
    timezone: z.string(),
    isTBC: z.boolean(),
    startsAt: z.string().nullable(),
    /** ISO instant the workshop ends; null when TBC. */
    endsAt: z.string().nullable(),
    /** The range ends on the next calendar day ('10:00 PM - 1:00 AM'). */
    endsNextDay: z.boolean(),
    /** The day and time were chosen by a poll of its participants (a seat it left out may move). */
    setByPoll: z.boolean(),
    /** Called off with a move offered that has not ended: the seat may choose another date or a full refund. */
    moveOffered: z.boolean(),
  }),
  refundRequest: participantRefundRequestSchema.nullable(),
});
export type ParticipantBooking = z.infer<typeof participantBookingSchema>;
export const participantBookingListSchema = z.array(participantBookingSchema);

/**
 * GET /api/participant/bookings/cancelled: the address's cancelled bookings, newest first, with
 * what the cancellation gave back. They left the list of bookings but stay on the page,
 * so the participant can see what was refunded and book another date.
 */
export const cancelledBookingSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  /** The order's reference ('K7Q-2MX'), as on the booking's card before it was cancelled. */
  orderReference: z.string(),
  buyerEmail: z.string(),
  cancelledAt: z.string().nullable(),
  workshopDate: participantBookingSchema.shape.workshopDate,
  /** The refund the cancellation decided: 'sent' once the provider has it, 'pending' until then. */
  refund: z.object({ amount: z.number(), state: z.enum(['sent', 'pending']) }).nullable(),
  /** The single-use code given as credit instead of money. */
  creditCode: z.string().nullable(),
  /** Where its money stands, in the words the admin's lists and the bookings CSV use ('Refunded in full', 'Credit issued', …). */
  refundState: z.object({ kind: z.string(), label: z.string() }),
});
export type CancelledBooking = z.infer<typeof cancelledBookingSchema>;
export const cancelledBookingListSchema = z.array(cancelledBookingSchema);

// ---------------------------------------------------------------- a buyer's unnamed seats

export const CLAIM_INVITE_EMAIL_INVALID = 'Please enter the e-mail address to send the link to';
/** POST /api/participant/seats/{bookingId}/claim-link: where to e-mail the seat's claim link. */
export const seatClaimLinkInputSchema = z.object(
  {
    email: safeString('Email', { error: CLAIM_INVITE_EMAIL_INVALID })
      .trim()
      .max(254, CLAIM_INVITE_EMAIL_INVALID)
      .pipe(z.email(CLAIM_INVITE_EMAIL_INVALID)),
  },
  { error: CLAIM_INVITE_EMAIL_INVALID },
);
export type SeatClaimLinkInput = z.input<typeof seatClaimLinkInputSchema>;

/** Its answer: whether an e-mail went out (the organiser may have switched the invitation off). */
export const seatClaimLinkSentSchema = z.object({ sent: z.boolean(), message: z.string() });
export type SeatClaimLinkSent = z.infer<typeof seatClaimLinkSentSchema>;

/** POST /api/participant/seats/{bookingId}/revoke-claim: the seat's new claim link; every earlier one stopped working. */
export const revokedClaimLinkSchema = z.object({ bookingId: z.number(), claimLink: z.string() });
export type RevokedClaimLink = z.infer<typeof revokedClaimLinkSchema>;

export const claimLinkSentMessage = (email: string) => `We e-mailed the link to ${email}. It lets them put their own name on the seat, once.`;
export const CLAIM_INVITE_SWITCHED_OFF = 'The invitation e-mail is switched off, so nothing was sent. Copy the link and send it yourself.';
export const SEAT_ALREADY_NAMED = 'This seat already has a person on it, so it has no claim link.';
export const SEAT_NOT_HELD = 'This seat is no longer held, so it can no longer be claimed.';
export const SEAT_WORKSHOP_STARTED = 'The workshop has started, so its seats can no longer be claimed.';
export const TOO_MANY_CLAIM_INVITES = 'This address has had several invitations in the last hour. Please wait a little, or copy the link and send it yourself.';

/** GET /api/participant/booking/:bookingId/workshop-details and /api/participant/workshop-details/:workshopDateId. */
export const workshopDetailsSchema = z.object({
  title: z.string(),
  expertiseLevel: z.enum(expertiseLevels),
  zoomLink: z.string().nullable(),
  zoomMeetingId: z.string().nullable(),
  zoomPassword: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  /** The stored lines that are http(s) URLs, in order. */
  materialLinks: z.array(z.string()),
  workshopDate: z.object({ date: z.string(), time: z.string(), timezone: z.string(), isTBC: z.boolean() }),
  /** True when the booking is not confirmed yet: the meeting fields are then null. */
  meetingDetailsPending: z.boolean(),
});
export type WorkshopDetails = z.infer<typeof workshopDetailsSchema>;

export const workshopDateIdParamsSchema = z.object({
  workshopDateId: z.coerce.number({ error: 'Workshop date id must be a number' }).int().positive('Workshop date id must be a number'),
});
export const publicWorkshopAssetsParamsSchema = z.object({
  workshopId: z.coerce.number({ error: 'Workshop date id must be a number' }).int().positive('Workshop date id must be a number'),
});
export const assetIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Asset id must be a number' }).int().positive('Asset id must be a number'),
});

export const assetTypes = ['slides', 'tips'] as const;

/** A workshop asset as a participant gets it; `content` is HTML sanitised when the admin saved it. */
export const workshopAssetSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(assetTypes),
  content: z.string(),
  sortOrder: z.number(),
});
export type WorkshopAsset = z.infer<typeof workshopAssetSchema>;
/** GET /api/participant/booking/:bookingId/assets: items with a nested asset. */
export const bookingAssetListSchema = z.array(z.object({ id: z.number(), asset: workshopAssetSchema }));
export type BookingAssetItem = z.infer<typeof bookingAssetListSchema>[number];

/** GET /api/public/workshop-assets/:workshopId: what a visitor may know, without the content. */
export const publicWorkshopAssetSchema = workshopAssetSchema.omit({ content: true });
export const publicWorkshopAssetListSchema = z.array(publicWorkshopAssetSchema);

const DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
const MAGIC: Record<string, (bytes: number[]) => boolean> = {
  png: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => String.fromCharCode(...b.slice(0, 6)) === 'GIF87a' || String.fromCharCode(...b.slice(0, 6)) === 'GIF89a',
  webp: (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
};

/** Bytes a base64 payload decodes to, without decoding it. */
export function base64DecodedBytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/**
 * What a profile image value is: '' (none), an http(s) URL, a base64 data URL of a PNG, JPEG, GIF
 * or WebP whose first bytes really are that format, or invalid. Runs in the browser and on Node.
 */
export function classifyProfileImage(value: string): 'empty' | 'url' | 'image' | 'too-large' | 'invalid' {
  if (value === '') return 'empty';
  if (/^https?:\/\//i.test(value)) {
    if (value.length > 2048) return 'invalid';
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? 'url' : 'invalid';
    } catch {
      return 'invalid';
    }
  }
  const match = DATA_URL.exec(value);
  if (!match) return 'invalid';
  const format = match[1]!;
  const payload = match[2]!;
  if (payload.length % 4 !== 0) return 'invalid';
  if (base64DecodedBytes(payload) > PROFILE_IMAGE_MAX_BYTES) return 'too-large';
  let head: number[];
  try {
    head = Array.from(atob(payload.slice(0, 16)), (char) => char.charCodeAt(0));
  } catch {
    return 'invalid';
  }
  return MAGIC[format]?.(head) ? 'image' : 'invalid';
}

/** PUT /api/participant/profile/:bookingId (spec §5 Profile). */
export const participantProfileInputSchema = z.object({
  bio: safeString('Bio', { error: BIO_TOO_LONG }).max(BIO_MAX, BIO_TOO_LONG).default(''),
  preferences: safeString('Preferences', { error: PREFERENCES_TOO_LONG }).max(PREFERENCES_MAX, PREFERENCES_TOO_LONG).default(''),
  profileImageUrl: safeString('Profile image', { error: PROFILE_IMAGE_INVALID })
    .trim()
    .default('')
    .superRefine((value, ctx) => {
      const kind = classifyProfileImage(value);
      if (kind === 'too-large') ctx.addIssue({ code: 'custom', message: PROFILE_IMAGE_TOO_LARGE });
      else if (kind === 'invalid') ctx.addIssue({ code: 'custom', message: PROFILE_IMAGE_INVALID });
    }),
});
export type ParticipantProfileInput = z.input<typeof participantProfileInputSchema>;
export type ParticipantProfileValues = z.output<typeof participantProfileInputSchema>;

/** GET /api/participant/profile/:bookingId: empty strings until the participant saves one. */
export const participantProfileSchema = z.object({ bio: z.string(), preferences: z.string(), profileImageUrl: z.string() });
export type ParticipantProfile = z.infer<typeof participantProfileSchema>;
