import { z } from 'zod';
import { isHttpUrl } from '../../common/schema-kit';
import { safeString } from '../../common/safe-text';
import { DEFAULT_PRICE_DOLLARS } from '../../common/money';
import { expertiseLevelSchema, workshopDateIdParamsSchema, zonedTimesSchema } from '../workshops';
import { DATE_CHANGE_FIELDS } from './date-changes';
import { endsAfterStart, isKnownTimezone, parseWorkshopDay, parseWorkshopTime } from './workshop-date-text';

/**
 * The admin's workshop form, shared by the dialog (zodResolver) and the server, so the
 * messages live once. The server reads a POST or PUT body as any subset of these fields, lays it
 * over the defaults (create) or the stored row (edit), and checks the result with
 * workshopFormSchema.
 */

export const TEMPLATE_OR_TITLE = 'Either select a template or provide a title';
export const TIMEZONE_REQUIRED = 'Timezone is required';
export const AT_LEAST_ONE_SEAT = 'Must have at least one seat';
export const MIN_PRICE = 'Price must be at least $1';
export const INVALID_ZOOM_LINK = 'Please enter a valid Zoom link';
export const TBC_OR_DATE_AND_TIME = 'Either mark as TBC or provide both date and time';
export const INVALID_DATE = 'Please enter a valid date, like July 4, 2031';
export const INVALID_TIME = 'Please enter a valid time, like 10:00 AM - 12:00 PM';
/** CONTRACT §7: unless the range says it ends the next day. */
export const END_BEFORE_START = 'End time must be after start time';
export const UNKNOWN_TIMEZONE = 'Please choose a time zone, like PST or America/Los_Angeles';
export const WORKSHOP_DATE_NOT_FOUND = 'Workshop date not found';
export const WORKSHOP_TEMPLATE_NOT_FOUND = 'Workshop template not found';
export const REPEAT_NEEDS_A_DATE = 'Only a date with a day and time can be repeated';
export const seatsBelowTaken = (taken: number) => `Seats cannot be fewer than the ${taken} already taken`;

export const MAX_SEATS = 10_000;
export const MAX_PRICE = 100_000;

const optionalText = (label: string, max: number) =>
  safeString(label).max(max, `${label} must be ${max.toLocaleString('en-US')} characters or less`).nullable();

export const seatsSchema = z
  .number({ error: AT_LEAST_ONE_SEAT })
  .int('Seats must be a whole number')
  .min(1, AT_LEAST_ONE_SEAT)
  .max(MAX_SEATS, `Seats must be ${MAX_SEATS.toLocaleString('en-US')} or fewer`);

/** Every field of the form, each with its own message; no defaults, no cross-field rules. */
export const workshopFieldsSchema = z.object({
  templateId: z.number({ error: 'Please select a template' }).int().positive('Please select a template').nullable(),
  title: safeString('Title').max(200, 'Title must be 200 characters or less'),
  description: optionalText('Description', 5000),
  expertiseLevel: expertiseLevelSchema,
  /** 'July 4, 2031' (the server also reads '2031-07-04'); '' when TBC. */
  date: safeString('Date').max(100, INVALID_DATE),
  /** '10:00 AM - 12:00 PM' or a single '10:00 AM' (one hour); '' when TBC. */
  time: safeString('Time').max(100, INVALID_TIME),
  timezone: safeString('Timezone', { error: TIMEZONE_REQUIRED })
    .trim()
    .min(1, TIMEZONE_REQUIRED)
    .refine((zone) => zone === '' || isKnownTimezone(zone), UNKNOWN_TIMEZONE),
  seatsTotal: seatsSchema,
  /** US dollars. */
  price: z
    .number({ error: MIN_PRICE })
    .min(1, MIN_PRICE)
    .max(MAX_PRICE, `Price must be $${MAX_PRICE.toLocaleString('en-US')} or less`),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  isTBC: z.boolean(),
  /** The time range ends on the next calendar day ('10:00 PM - 1:00 AM'). */
  endsNextDay: z.boolean({ error: 'Ends the next day must be true or false' }),
  requiresImmediatePayment: z.boolean(),
  zoomLink: safeString('Zoom link')
    .trim()
    .max(2000, INVALID_ZOOM_LINK)
    .refine((link) => link === '' || isHttpUrl(link), INVALID_ZOOM_LINK)
    .nullable(),
  zoomMeetingId: optionalText('Meeting ID', 200),
  zoomPassword: optionalText('Password', 200),
  additionalInfo: optionalText('Additional info', 5000),
  /** One link per line. */
  materialLinks: optionalText('Material links', 5000),
});

type WorkshopFields = z.output<typeof workshopFieldsSchema>;

/** The rules between fields. Defensive: with `when` they also run while other fields are wrong. */
function checkAcrossFields(value: Partial<WorkshopFields>, ctx: z.RefinementCtx) {
  const text = (field: unknown) => (typeof field === 'string' ? field.trim() : '');
  if (value.templateId == null && !text(value.title)) {
    ctx.addIssue({ code: 'custom', message: TEMPLATE_OR_TITLE, path: ['templateId'] });
  }
  if (value.isTBC === true) return;
  const date = text(value.date);
  const time = text(value.time);
  if (!date || !time) {
    ctx.addIssue({ code: 'custom', message: TBC_OR_DATE_AND_TIME, path: ['date'] });
  }
  if (date && !parseWorkshopDay(date)) ctx.addIssue({ code: 'custom', message: INVALID_DATE, path: ['date'] });
  if (time && !parseWorkshopTime(time)) ctx.addIssue({ code: 'custom', message: INVALID_TIME, path: ['time'] });
  else if (!endsAfterStart(time, value.endsNextDay === true)) ctx.addIssue({ code: 'custom', message: END_BEFORE_START, path: ['time'] });
}

/** The whole form: what the dialog validates and what the server stores. */
export const workshopFormSchema = workshopFieldsSchema.superRefine(checkAcrossFields, {
  // Show the cross-field messages together with the others, not only once the rest is right.
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
});
export type WorkshopForm = z.output<typeof workshopFormSchema>;
export type WorkshopFormInput = z.input<typeof workshopFormSchema>;

/** POST and PUT /api/admin/workshop-dates(/:id): any subset of the form's fields. */
export const workshopDateInputSchema = workshopFieldsSchema.partial();
export type WorkshopDateInput = z.input<typeof workshopDateInputSchema>;

/**
 * PUT /api/admin/workshop-dates/:id: the form's fields, and whether to e-mail the date's people
 * when its day, time, zone or meeting details change (docs/decisions/022-dates-that-change.md).
 */
export const workshopDateUpdateSchema = workshopDateInputSchema.extend({
  notifyParticipants: z.boolean({ error: 'Notify participants must be true or false' }).optional(),
});
export type WorkshopDateUpdate = z.input<typeof workshopDateUpdateSchema>;

/** POST /api/admin/workshop-dates/:id/change-preview: what saving this body would change, and whom it would tell. */
export const dateChangePreviewSchema = z.object({
  changes: z.array(z.object({ field: z.enum(DATE_CHANGE_FIELDS), label: z.string(), from: z.string(), to: z.string() })),
  participants: z.number().int(),
});
export type DateChangePreview = z.infer<typeof dateChangePreviewSchema>;

/** A new workshop: 10 seats, $499, PST, active, not featured, not TBC, beginner. */
export const NEW_WORKSHOP_DEFAULTS: WorkshopForm = {
  templateId: null,
  title: '',
  description: null,
  expertiseLevel: 'beginner',
  date: '',
  time: '',
  timezone: 'PST',
  seatsTotal: 10,
  price: DEFAULT_PRICE_DOLLARS,
  isActive: true,
  isFeatured: false,
  isTBC: false,
  endsNextDay: false,
  requiresImmediatePayment: true,
  zoomLink: null,
  zoomMeetingId: null,
  zoomPassword: null,
  additionalInfo: null,
  materialLinks: null,
};

export const DEFAULT_TEMPLATE_SEATS = 10;

/** One row of GET /api/admin/workshop-dates, and the answer of POST and PUT. */
export const adminWorkshopDateSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  expertiseLevel: expertiseLevelSchema,
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
  seatsTotal: z.number().int(),
  seatsTaken: z.number().int(),
  /** US dollars. */
  price: z.number(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  isTBC: z.boolean(),
  endsNextDay: z.boolean(),
  requiresImmediatePayment: z.boolean(),
  zoomLink: z.string().nullable(),
  zoomMeetingId: z.string().nullable(),
  zoomPassword: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  materialLinks: z.string().nullable(),
  // timeZoneId, timeZoneAbbreviation, startsAt and endsAt.
  ...zonedTimesSchema.shape,
  /** Bookings of any status that reference this date. */
  bookingsCount: z.number().int(),
  /** People waiting for this date or holding an offer on it (docs/decisions/019-waiting-list.md); not those waiting for any date of its workshop. */
  waitlistCount: z.number().int(),
  createdAt: z.string(),
  /** When the date was called off (docs/decisions/022); null otherwise. */
  calledOffAt: z.string().nullable(),
  /** PUT with notifyParticipants: how many e-mails about the change were queued. */
  notified: z.number().int().optional(),
});
export type AdminWorkshopDate = z.infer<typeof adminWorkshopDateSchema>;
export const adminWorkshopDateListSchema = z.array(adminWorkshopDateSchema);

/** DELETE /api/admin/workshop-dates/:id: a date with bookings or payments is deactivated instead. */
export const deleteWorkshopDateResultSchema = z.object({
  deleted: z.boolean(),
  deactivated: z.boolean(),
  message: z.string(),
});
export type DeleteWorkshopDateResult = z.infer<typeof deleteWorkshopDateResultSchema>;

/** The workshop-date routes' schemas, by operation: POST and PUT take the same body. */
export const workshopDateApiSchemas = { idParams: workshopDateIdParamsSchema, item: adminWorkshopDateSchema, list: adminWorkshopDateListSchema, create: workshopDateInputSchema, update: workshopDateUpdateSchema, removed: deleteWorkshopDateResultSchema };

export const WORKSHOP_DELETED_MESSAGE = 'The workshop date has been deleted.';
export const WORKSHOP_DEACTIVATED_MESSAGE = 'This workshop has bookings, so it was deactivated instead of deleted.';

/** POST /api/admin/workshop-dates/:id/call-off: the organiser's message to everyone on the date. */
export const callOffInputSchema = z.object({
  message: safeString('Message').max(5000, 'Message must be 5,000 characters or less').optional().default(''),
  /**
   * Instead of refunding at once, each confirmed seat may choose another date or a full refund
   * until MOVE_OFFER_DAYS from now (never past the date's start); one that chooses neither is
   * refunded in full then. Unpaid reservations are released either way.
   */
  offerMove: z.boolean().optional().default(false),
});
/** How long a called-off date's seats may choose between another date and a full refund. */
export const MOVE_OFFER_DAYS = 7;
export type CallOffInput = z.output<typeof callOffInputSchema>;
/** How many paid seats were refunded, and how many seats were e-mailed. */
export const callOffResultSchema = z.object({ refunded: z.number().int(), notified: z.number().int() });
export type CallOffResult = z.infer<typeof callOffResultSchema>;
/** GET /api/admin/workshop-dates/:id/call-off: what calling the date off would do, for the confirm dialog. */
export const callOffPreviewSchema = z.object({
  /** Seats paid by card, each refunded in full. */
  paidSeats: z.number().int(),
  /** US dollars. */
  refund: z.number(),
  /** Free, reserved or paid-outside seats, cancelled. */
  otherSeats: z.number().int(),
  /** Distinct addresses e-mailed. */
  people: z.number().int(),
  calledOffAt: z.string().nullable(),
});
export type CallOffPreview = z.infer<typeof callOffPreviewSchema>;

export const MAX_REPEAT_WEEKS = 52;
/** POST /api/admin/workshop-dates/:id/repeat: how many weekly copies after the date. */
export const repeatInputSchema = z.object({
  weeks: z
    .number({ error: `Weeks must be a whole number from 1 to ${MAX_REPEAT_WEEKS}` })
    .int(`Weeks must be a whole number from 1 to ${MAX_REPEAT_WEEKS}`)
    .min(1, `Weeks must be a whole number from 1 to ${MAX_REPEAT_WEEKS}`)
    .max(MAX_REPEAT_WEEKS, `Weeks must be a whole number from 1 to ${MAX_REPEAT_WEEKS}`),
});
export type RepeatInput = z.infer<typeof repeatInputSchema>;
export const repeatResultSchema = z.object({ created: adminWorkshopDateListSchema });
export type RepeatResult = z.infer<typeof repeatResultSchema>;

/** A TBC date's poll (docs/decisions/022-dates-that-change.md): 2–10 candidate days and times, in the date's zone. */
export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_OPTIONS = 10;
export const POLL_OPTIONS_REPEATED = 'Each proposed date must be a different day or time';
export const POLL_OPTION_COUNT = `Propose from ${MIN_POLL_OPTIONS} to ${MAX_POLL_OPTIONS} dates`;
export const POLL_OPTION_IN_PAST = 'Each proposed date must be in the future';
export const POLL_NEEDS_TBC = 'Only a date still to be set (TBC) can have a poll';
export const POLL_CLOSED = 'This poll is closed';
export const POLL_OPTION_NOT_FOUND = 'That option is not part of this poll';
export const pollInputSchema = z.object({
  options: z
    .array(
      z.object({
        date: safeString('Date').max(100, INVALID_DATE).refine((date) => parseWorkshopDay(date) !== null, INVALID_DATE),
        time: safeString('Time').max(100, INVALID_TIME).refine((time) => parseWorkshopTime(time) !== null && endsAfterStart(time, false), INVALID_TIME),
      }),
      { error: POLL_OPTION_COUNT },
    )
    .min(MIN_POLL_OPTIONS, POLL_OPTION_COUNT)
    .max(MAX_POLL_OPTIONS, POLL_OPTION_COUNT)
    // The same day and time typed twice ('Oct 2, 2031' and 'October 2, 2031') would split its votes.
    .refine((options) => new Set(options.map(({ date, time }) => JSON.stringify([parseWorkshopDay(date), parseWorkshopTime(time)]))).size === options.length, POLL_OPTIONS_REPEATED),
});
export type PollInput = z.infer<typeof pollInputSchema>;
const pollOptionSchema = z.object({ id: z.number().int(), date: z.string(), time: z.string(), startsAt: z.string(), endsAt: z.string() });
export const adminPollSchema = z.object({
  workshopDateId: z.number().int(),
  closedAt: z.string().nullable(),
  options: z.array(pollOptionSchema.extend({ votes: z.number().int() })),
});
export type AdminPoll = z.infer<typeof adminPollSchema>;
export const participantPollSchema = z.object({
  bookingId: z.number().int(),
  open: z.boolean(),
  options: z.array(pollOptionSchema.extend({ suitsMe: z.boolean() })),
});
export type ParticipantPoll = z.infer<typeof participantPollSchema>;
export const pollVoteSchema = z.object({
  optionIds: z.array(z.number({ error: POLL_OPTION_NOT_FOUND }).int(POLL_OPTION_NOT_FOUND).positive(POLL_OPTION_NOT_FOUND), { error: 'optionIds must be a list' }).max(MAX_POLL_OPTIONS, POLL_OPTION_NOT_FOUND),
});
export const pollChoiceSchema = z.object({ optionId: z.number({ error: POLL_OPTION_NOT_FOUND }).int(POLL_OPTION_NOT_FOUND).positive(POLL_OPTION_NOT_FOUND) });

/**
 * GET /api/participant/bookings/:bookingId/move: whether the seat may move to another date by
 * itself (its date was set by a poll on an option it did not mark), and the dates it may move to.
 */
export const seatMoveOptionsSchema = z.object({
  bookingId: z.number().int(),
  allowed: z.boolean(),
  /** Why it may: its date was set by a poll it did not choose, or called off with a move offered. */
  reason: z.enum(['poll', 'called-off']).nullable(),
  /** Until when (ISO), for a called-off date: after it the seat is refunded in full. */
  until: z.string().nullable(),
  dates: z.array(z.object({ id: z.number().int(), title: z.string(), when: z.string(), seatsLeft: z.number().int() })),
});
export type SeatMoveOptions = z.infer<typeof seatMoveOptionsSchema>;
export const seatMovedSchema = z.object({ message: z.string() });
export const seatMoveInputSchema = z.object({ workshopDateId: z.coerce.number().int().positive('Choose a date') });
export const SELF_MOVE_NOT_ALLOWED = 'Only a seat whose date was set by a poll it did not choose, or called off with a move offered, can be moved here; write to the organiser to move it.';
