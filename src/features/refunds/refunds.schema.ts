import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { BOOKING_STATUSES } from '../../common/booking-status';
import { cancellationOutcomeKinds, DEFAULT_LATE_CHOICE, lateCancellationChoices } from './cancellation-policy';

/** Texts of refund requests and cancellation (spec §2, §5, §8), kept once for server, client and tests. */
export const REASON_TOO_SHORT = 'Reason must be at least 10 characters';
export const REASON_TOO_LONG = 'Reason must be 500 characters or less';
export const REASON_MIN = 10;
export const REASON_MAX = 500;
export const NOTES_MAX = 1000;
export const NOTES_TOO_LONG = `Notes must be ${NOTES_MAX.toLocaleString('en-US')} characters or less`;

export const REVIEW_TAKES = 'Refund reviews take 2-3 business days.';
export const REFUND_REQUESTED_TITLE = 'Refund Requested';
export const REFUND_REQUEST_SUBMITTED = 'Your refund request has been submitted and is pending review';
export const REFUND_REQUEST_FAILED = 'Failed to submit refund request';
export const REFUND_REQUEST_EXISTS = 'A refund request already exists for this booking';
export const REFUND_ONLY_PAID = 'Only paid bookings can be refunded';
export const REFUND_BOOKING_DELETED = 'This booking was deleted; its payment was settled then, so there is nothing left to refund.';
export const REFUND_BOOKING_CANCELLED = 'This booking is cancelled, so a refund cannot be requested. Your cancellation e-mail says what happens with your payment.';
export const REFUND_ALREADY_REFUNDED = 'This booking has already been refunded';
export const REFUND_NOT_CONFIRMED = 'Only confirmed bookings can be refunded';

export const BOOKING_CANCELLED_TITLE = 'Booking Cancelled';
export const CONFIRMATION_EMAIL_NOTE = 'You will receive a confirmation email.';
export const CANCEL_FAILED = 'Failed to cancel booking';
export const ALREADY_CANCELLED = 'This booking is already cancelled';
export const ALREADY_REFUNDED_CANNOT_CANCEL = 'This booking has already been refunded, so there is nothing to cancel';
export const CANCEL_EMAIL_MISMATCH = 'The email address does not match this booking';
export const CANCEL_WORKSHOP_STARTED = 'This workshop has already started, so the booking can no longer be cancelled';
export const CANCEL_REFUND_PENDING = 'Your refund request is still pending review. You can cancel once it has been decided.';

export const REFUND_REQUEST_NOT_FOUND = 'Refund request not found';
export const REFUND_ALREADY_PROCESSED = 'This refund request has already been processed';
export const REFUND_NO_PAYMENT = 'This booking has no card payment on record to refund. Refund it outside the site, then reject the request with a note.';
export const REFUND_PROVIDER_FAILED = 'The payment provider could not refund this payment. The request is still pending; please try again later.';

const reasonField = safeString('Reason', { error: REASON_TOO_SHORT })
  .trim()
  .min(REASON_MIN, REASON_TOO_SHORT)
  .max(REASON_MAX, REASON_TOO_LONG);

/** POST /api/participant/refund-request/{bookingId}. */
export const refundRequestInputSchema = z.object({ reason: reasonField }, { error: REASON_TOO_SHORT });
export type RefundRequestInput = z.input<typeof refundRequestInputSchema>;
export type RefundRequestBody = z.output<typeof refundRequestInputSchema>;

export const refundStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** A refund request as the participant sees it (spec §3 Refund request). Instants as ISO text. */
export const refundRequestSchema = z.object({
  id: z.number(),
  bookingId: z.number(),
  status: z.enum(refundStatuses),
  reason: z.string(),
  notes: z.string().nullable(),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type RefundRequestDto = z.infer<typeof refundRequestSchema>;

export const refundRequestResponseSchema = z.object({
  success: z.literal(true),
  refundRequest: refundRequestSchema,
  message: z.string(),
});
export type RefundRequestResponse = z.infer<typeof refundRequestResponseSchema>;

// ---------------------------------------------------------------- cancellation

export const cancelBookingInputSchema = z.object(
  {
    email: safeString('Email', { error: CANCEL_EMAIL_MISMATCH }).trim().min(1, CANCEL_EMAIL_MISMATCH).max(254, CANCEL_EMAIL_MISMATCH),
    /** Within 7 days of a paid workshop: a credit toward another workshop (default) or 50 % back. */
    option: z.enum(lateCancellationChoices, { error: 'Choose a credit or a 50% refund' }).default(DEFAULT_LATE_CHOICE),
  },
  { error: CANCEL_EMAIL_MISMATCH },
);
export type CancelBookingInput = z.input<typeof cancelBookingInputSchema>;
export type CancelBookingBody = z.output<typeof cancelBookingInputSchema>;

export const cancellationOutcomeSchema = z.object({
  kind: z.enum(cancellationOutcomeKinds),
  /** Dollars sent back to the card (full and half refunds). */
  amount: z.number().optional(),
  /** The single-use code worth a whole workshop (credit). */
  creditCode: z.string().optional(),
  /** False when the provider could not be reached: an admin finishes the refund from the pending request. */
  refundSent: z.boolean().optional(),
});
export type CancellationOutcomeDto = z.infer<typeof cancellationOutcomeSchema>;

export const cancelBookingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  outcome: cancellationOutcomeSchema,
});
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

/** One choice shown before the participant confirms. */
export const cancellationOptionSchema = z.object({
  kind: z.enum(cancellationOutcomeKinds),
  label: z.string(),
  description: z.string(),
  /** Dollars refunded by this choice (0 for a credit or nothing). */
  refundAmount: z.number(),
});
export type CancellationOption = z.infer<typeof cancellationOptionSchema>;

/** GET /api/participant/booking/{bookingId}/cancellation-terms. */
export const cancellationTermsSchema = z.object({
  bookingId: z.number(),
  canCancel: z.boolean(),
  /** Why the booking cannot be cancelled now, when it cannot. */
  blockedReason: z.string().nullable(),
  daysUntilWorkshop: z.number().nullable(),
  isPaid: z.boolean(),
  amountPaid: z.number(),
  /** One entry, or two ('credit' then 'half-refund') when the participant chooses. */
  options: z.array(cancellationOptionSchema),
  summary: z.string(),
});
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;

// ---------------------------------------------------------------- admin review

export const refundRequestIdParamsSchema = z.object({ id: z.coerce.number().int().positive(REFUND_REQUEST_NOT_FOUND) });

/** PUT /api/admin/refund-requests/{id}. */
export const reviewRefundInputSchema = z.object(
  {
    status: z.enum(['APPROVED', 'REJECTED'], { error: 'Status must be APPROVED or REJECTED' }),
    notes: safeString('Notes')
      .trim()
      .max(NOTES_MAX, NOTES_TOO_LONG)
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  { error: 'Status must be APPROVED or REJECTED' },
);
export type ReviewRefundInput = z.input<typeof reviewRefundInputSchema>;
export type ReviewRefundBody = z.output<typeof reviewRefundInputSchema>;

/** The Refund notes field of the admin's review dialog (the decision comes from the button). */
export const reviewNotesFormSchema = z.object({ notes: safeString('Notes').trim().max(NOTES_MAX, NOTES_TOO_LONG) });
export type ReviewNotesFormInput = z.input<typeof reviewNotesFormSchema>;
export type ReviewNotesForm = z.output<typeof reviewNotesFormSchema>;

export const adminRefundBookingSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  finalPrice: z.number(),
  isPaid: z.boolean(),
  status: z.enum(BOOKING_STATUSES),
  workshopTitle: z.string(),
  /** As the organiser typed it ('July 4, 2031'); '' while TBC. */
  workshopDate: z.string(),
});

/** One row of GET /api/admin/refund-requests (CONTRACT §6), pending first. */
export const adminRefundRequestSchema = refundRequestSchema.extend({
  providerRefundId: z.string().nullable(),
  /** Dollars an approval sends back (or sent back): the whole price, or half after a late cancellation. */
  refundAmount: z.number(),
  booking: adminRefundBookingSchema,
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export const adminRefundRequestListSchema = z.array(adminRefundRequestSchema);

export const reviewRefundResponseSchema = z.object({ success: z.literal(true), message: z.string(), refundRequest: adminRefundRequestSchema });
export type ReviewRefundResponse = z.infer<typeof reviewRefundResponseSchema>;
