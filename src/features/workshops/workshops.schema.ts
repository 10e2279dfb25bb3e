import { z } from 'zod';
import { zonedTimesSchema } from './zoned-times';

export const expertiseLevels = ['beginner', 'some_expertise', 'expert'] as const;
export const EXPERTISE_REQUIRED = 'Please select an expertise level';
export const expertiseLevelSchema = z.enum(expertiseLevels, { error: EXPERTISE_REQUIRED });
export type ExpertiseLevel = z.infer<typeof expertiseLevelSchema>;

export const expertiseLabels: Record<ExpertiseLevel, string> = {
  beginner: 'Beginner',
  some_expertise: 'Intermediate',
  expert: 'Advanced',
};

/** One entry of GET /api/workshop-dates: only what visitors may see. */
export const publicWorkshopDateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
  expertiseLevel: expertiseLevelSchema,
  price: z.number(),
  seatsTotal: z.number().int(),
  /** Seats the public can book: none while the waiting list holds the date's free seats. */
  seatsRemaining: z.number().int(),
  /** No seat is left for the public on a date still on sale: visitors may join its waiting list. */
  waitlistOpen: z.boolean(),
  /** The workshop the date is of, for a waiting-list entry for its next date with room; null for a one-off date. */
  templateId: z.number().int().nullable(),
  isTBC: z.boolean(),
  isFeatured: z.boolean(),
  /** The range ends on the next calendar day ('10:00 PM - 1:00 AM'). */
  endsNextDay: z.boolean(),
  // timeZoneId, timeZoneAbbreviation, startsAt and endsAt.
  ...zonedTimesSchema.shape,
});
export type PublicWorkshopDate = z.infer<typeof publicWorkshopDateSchema>;
export const publicWorkshopDateListSchema = z.array(publicWorkshopDateSchema);

export const workshopDateIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Workshop date id must be a number' }).int().positive('Workshop date id must be a number'),
});
