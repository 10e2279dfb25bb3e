import { z } from 'zod';
import { INVALID_EMAIL } from '../../common/validation-messages';

/** Texts of the Bookings and Users tabs (spec §5 and §8), kept once for server, client and tests. */
export const EXPORT_NONE_SELECTED = 'Please select at least one booking to export emails.';
export const EXPORT_NONE_AVAILABLE = 'There are no bookings to export emails from.';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const EMAIL_TO_REQUIRED = INVALID_EMAIL;
export const EMAIL_SUBJECT_REQUIRED = 'Subject is required';
export const EMAIL_CONTENT_REQUIRED = 'Message is required';
export const EMAIL_QUEUED = 'Email queued for delivery';

export const bookingStatuses = ['confirmed', 'reserved', 'cancelled', 'refunded'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The workshop date a booking is for, as the admin table shows it. */
export const adminBookingWorkshopDateSchema = z.object({
  id: z.number(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  timezone: z.string(),
});

/** One row of GET /api/admin/bookings (spec §3 Booking). Money in dollars, instants as ISO text. */
export const adminBookingSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  workshopDateId: z.number(),
  workshopDate: adminBookingWorkshopDateSchema.nullable(),
  isPaid: z.boolean(),
  finalPrice: z.number(),
  originalPrice: z.number(),
  discountAmount: z.number(),
  discountCode: z.string(),
  stripePaymentId: z.string().nullable(),
  hasAttended: z.boolean(),
  status: z.enum(bookingStatuses),
  paymentMode: z.enum(['pay_now', 'pay_later']),
  createdAt: z.string(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingListSchema = z.array(adminBookingSchema);

export const bookingIdParamsSchema = z.object({ id: z.coerce.number().int().positive(BOOKING_NOT_FOUND) });

/** PUT /api/admin/bookings/:id/attendance. */
export const attendanceSchema = z.object(
  { hasAttended: z.boolean({ error: 'hasAttended must be true or false' }) },
  { error: 'hasAttended must be true or false' },
);
export type AttendanceInput = z.infer<typeof attendanceSchema>;

/** POST /api/admin/bookings/export-emails. */
export const exportEmailsSchema = z.object(
  {
    bookingIds: z
      .array(z.number({ error: EXPORT_NONE_SELECTED }).int(EXPORT_NONE_SELECTED).positive(EXPORT_NONE_SELECTED), { error: EXPORT_NONE_SELECTED })
      .min(1, EXPORT_NONE_SELECTED)
      // Far more than any real list; the 1 MB body limit is the other bound.
      .max(100_000, 'Too many bookings selected.'),
  },
  { error: EXPORT_NONE_SELECTED },
);
export type ExportEmailsInput = z.infer<typeof exportEmailsSchema>;

export const exportEmailsResponseSchema = z.object({ emails: z.array(z.string()), count: z.number() });
export type ExportEmailsResponse = z.infer<typeof exportEmailsResponseSchema>;

export const deleteBookingResponseSchema = z.object({ success: z.literal(true) });

/** POST /api/admin/send-email: a plain-text message typed by the admin to one user. */
export const sendEmailSchema = z.object(
  {
    email: z
      .string({ error: EMAIL_TO_REQUIRED })
      .trim()
      .max(254, EMAIL_TO_REQUIRED)
      .pipe(z.email(EMAIL_TO_REQUIRED)),
    subject: z.string({ error: EMAIL_SUBJECT_REQUIRED }).trim().min(1, EMAIL_SUBJECT_REQUIRED).max(200, 'Subject must be 200 characters or less'),
    content: z.string({ error: EMAIL_CONTENT_REQUIRED }).trim().min(1, EMAIL_CONTENT_REQUIRED).max(20_000, 'Message must be 20,000 characters or less'),
  },
  { error: EMAIL_SUBJECT_REQUIRED },
);
export type SendEmailInput = z.infer<typeof sendEmailSchema>;

/** The Users tab's e-mail dialog: the recipient is chosen by the row, the admin types the rest. */
export const emailMessageSchema = sendEmailSchema.pick({ subject: true, content: true });
export type EmailMessageInput = z.input<typeof emailMessageSchema>;
export type EmailMessage = z.output<typeof emailMessageSchema>;

export const sendEmailResponseSchema = z.object({ success: z.literal(true), message: z.string(), id: z.number() });
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;

/** GET /api/admin/outbox (CONTRACT §4), newest first. */
export const outboxEntrySchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEntryDto = z.infer<typeof outboxEntrySchema>;
export const outboxListSchema = z.array(outboxEntrySchema);
