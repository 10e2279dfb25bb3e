import { z } from 'zod';
import { WAITLIST_STATUSES } from '../../common/booking-status';
import { MAX_ROW_ID } from '../../common/schema-kit';
import { safeString } from '../../common/safe-text';
import { attendeeSchema, bookingFormSchema, seatsField, visitorTimeZoneField } from '../booking';

/**
 * The waiting list's calls (docs/decisions/019-waiting-list.md): joining a booked-out date (or
 * the next date of its workshop with room), leaving through the e-mail's link, and the admin's
 * list of each date.
 */

export const WAITLIST_DATE_NOT_FOUND = 'Workshop date not found';
export const SEATS_AVAILABLE = (seats: number) =>
  `${seats === 1 ? 'A seat is' : `${seats} seats are`} free on this date right now: book instead of joining the waiting list.`;
export const WAITLIST_LINK_INVALID = 'This waiting-list link is not valid. Please use the link from your latest e-mail.';
export const WAITLIST_ENTRY_NOT_FOUND = 'Waiting-list entry not found';
export const NO_NEXT_DATE = 'This workshop has no other dates to wait for: join the waiting list of this date.';
export const DATE_STARTED = 'This workshop has already started, so its waiting list is closed.';

/** POST /api/waitlist. `nextDate`: wait for whichever date of the same workshop frees first, not only this one. */
export const joinWaitlistSchema = z.object({
  workshopDateId: bookingFormSchema.shape.workshopDateId,
  firstName: attendeeSchema.shape.firstName,
  lastName: attendeeSchema.shape.lastName,
  email: attendeeSchema.shape.email,
  seats: seatsField,
  nextDate: z.boolean().optional().default(false),
  timeZone: visitorTimeZoneField,
});
export type JoinWaitlistInput = z.input<typeof joinWaitlistSchema>;
export type JoinWaitlist = z.output<typeof joinWaitlistSchema>;

export const joinWaitlistResponseSchema = z.object({
  id: z.number().int(),
  /** Their place in line: 1 is next. */
  position: z.number().int(),
  /** The same address was already in line for this date: the entry it has (answered 200, not 201). */
  alreadyWaiting: z.boolean(),
  message: z.string(),
});
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);
export type WaitlistStatusName = z.infer<typeof waitlistStatusSchema>;

/** `/api/waitlist/{token}`: the token of a waiting-list e-mail's link. */
export const waitlistTokenParamsSchema = z.object({ token: safeString('Waiting-list link').max(500) });

/** GET /api/waitlist/{token}: what the link's page shows: the entry, and its offer while it holds. */
export const publicWaitlistEntrySchema = z.object({
  status: waitlistStatusSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  seats: z.number().int(),
  /** Null while it waits for the next date of a workshop. */
  workshopDateId: z.number().int().nullable(),
  workshopTitle: z.string(),
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** A seat's price the offer holds, in dollars. */
  offerPrice: z.number().nullable(),
});
export type PublicWaitlistEntry = z.infer<typeof publicWaitlistEntrySchema>;

export const leaveWaitlistResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/admin/waitlist?workshopDateId= */
export const adminWaitlistQuerySchema = z.object({
  workshopDateId: z.coerce.number({ error: WAITLIST_DATE_NOT_FOUND }).int(WAITLIST_DATE_NOT_FOUND).positive(WAITLIST_DATE_NOT_FOUND).max(MAX_ROW_ID, WAITLIST_DATE_NOT_FOUND),
});

export const adminWaitlistEntrySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  seats: z.number().int(),
  /** Place among those still waiting or holding an offer; null once closed. */
  position: z.number().int().nullable(),
  status: waitlistStatusSchema,
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Waiting for the workshop's next date with room rather than this date alone. */
  anyDate: z.boolean(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

/** What the people in line would pay, so the organiser can decide to add a date. */
export const waitlistDemandSchema = z.object({
  people: z.number().int(),
  seats: z.number().int(),
  /** Seats × the date's seat price, in dollars. */
  value: z.number(),
  /** '3 people, 4 seats, $1,996.00'. */
  summary: z.string(),
});
export type WaitlistDemand = z.infer<typeof waitlistDemandSchema>;

export const adminWaitlistResponseSchema = z.object({
  entries: z.array(adminWaitlistEntrySchema),
  demand: waitlistDemandSchema,
});
export type AdminWaitlistResponse = z.infer<typeof adminWaitlistResponseSchema>;

/** POST /api/admin/waitlist/{id}/offer: the date whose seats to offer, for an entry waiting for the next date of a workshop. */
export const offerByHandSchema = z
  .object({ workshopDateId: bookingFormSchema.shape.workshopDateId.optional() })
  .nullish()
  .transform((body) => body ?? {});

export const adminWaitlistActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), entry: adminWaitlistEntrySchema });
