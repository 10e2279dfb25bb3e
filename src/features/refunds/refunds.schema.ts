import { z } from 'zod';
import { safeString } from '../../common/safe-text';
import { BOOKING_STATUSES } from '../../common/booking-status';
import { cancellationOutcomeKinds, DEFAULT_LATE_CHOICE, lateCancellationChoices } from './cancellation-policy';
import { refundStateKinds } from './refund-state';

/** Texts of refund requests and cancellation, kept once for server, client and tests. */
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
/**
 * The terms of a seat nothing was paid for (free with a code, or a reservation not paid yet): no
 * refund and no policy to speak of, only that cancelling gives the seat back for sale.
 */
export const UNPAID_CANCEL_TERMS = 'Cancel this booking? Your seat goes back on sale.';
/** The note on a refund request that a cancellation closed without refunding anything. */
export const REQUEST_CLOSED_BY_CANCEL = 'Closed: the booking was cancelled';
/** An approval's refund is at the provider at this moment: the other call waits for it. */
export const REFUND_BEING_SENT = 'A refund for this booking is being sent to the payment provider right now. Please try again in a minute.';

export const REFUND_REQUEST_NOT_FOUND = 'Refund request not found';
export const REFUND_ALREADY_PROCESSED = 'This refund request has already been processed';
export const REFUND_NO_PAYMENT = 'This booking has no card payment on record to refund. Refund it outside the site, then reject the request with a note.';
export const REFUND_PROVIDER_FAILED = 'The payment provider could not refund this payment. The request is still pending; please try again later.';
export const REFUND_DECIDED_AT_CANCEL = 'This refund was decided when the booking was cancelled: approving sends exactly that amount.';
export const REFUND_ALREADY_BEING_SENT = 'A refund for this request is already being sent with another amount: approve it with that amount, or wait a minute and reload.';
export const REFUND_NOTHING_LEFT = "Nothing is left of this seat's share to refund.";
export const REFUND_POLICY_GIVES_NOTHING =
  'The cancellation policy gives nothing for this request: it was made once the workshop had started. Choose a full or custom refund or a credit, or reject it.';
export const CREDIT_NEEDS_BOOKING_ON = 'A credit replaces a booking that is still on; this one no longer is.';
export const REFUND_AMOUNT_INVALID = 'Enter the amount to refund in dollars and cents, greater than $0.00';
export const REFUND_AMOUNT_ONLY_CUSTOM = "An amount is only taken with the outcome 'custom'";
/** The most an approval may send: the seat's price less what the refunds ledger says went back. */
export function refundMoreThanLeftMessage(leftDollars: number): string {
  return leftDollars > 0 ? `The refund can be at most $${leftDollars.toFixed(2)}, what is left of this seat's share.` : REFUND_NOTHING_LEFT;
}

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

/** A refund request as the participant's page and the terms read it. */
const seatRequestSchema = refundRequestSchema.pick({ status: true, reason: true, notes: true, requestedAt: true, processedAt: true });

/** Where a seat's money stands (refund-state.ts), with the amounts behind it. Dollars. */
export const seatRefundSchema = z.object({
  kind: z.enum(refundStateKinds),
  /** The one word for it: 'Refund requested', 'Partly refunded ($249.50 of $499.00)', … */
  state: z.string(),
  refundedAmount: z.number(),
  /** What is left of the seat's share to refund: its price less what the ledger says went back. */
  remainingAmount: z.number(),
  creditCode: z.string().nullable(),
  request: seatRequestSchema.nullable(),
});
export type SeatRefund = z.infer<typeof seatRefundSchema>;

/**
 * GET /api/participant/booking/{bookingId}/cancellation-terms: what the cancellation policy gives
 * this seat now, whether the organiser can be asked to review instead, and where its money stands.
 */
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
  /** The seat's address: what a cancel is confirmed with. */
  email: z.string(),
  /** A paid seat still on with no request yet may ask the organiser instead (spec: 'Request Refund'). */
  canRequestReview: z.boolean(),
  refund: seatRefundSchema,
});
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;

// ---------------------------------------------------------------- admin review

export const refundRequestIdParamsSchema = z.object({ id: z.coerce.number().int().positive(REFUND_REQUEST_NOT_FOUND) });

/**
 * How an approval settles a request: what the policy gave when it was asked (the default), all
 * that is left of the seat's share, a credit code instead of money, or a custom amount.
 */
export const reviewOutcomes = ['policy', 'full', 'credit', 'custom'] as const;
export type ReviewOutcome = (typeof reviewOutcomes)[number];

const dollarsField = z
  .number({ error: REFUND_AMOUNT_INVALID })
  .positive(REFUND_AMOUNT_INVALID)
  .max(1_000_000, REFUND_AMOUNT_INVALID)
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, REFUND_AMOUNT_INVALID);

/** PUT /api/admin/refund-requests/{id}: `{status, notes}` as before; `outcome` and `amount` (dollars, custom only) optional. */
export const reviewRefundInputSchema = z
  .object(
    {
      status: z.enum(['APPROVED', 'REJECTED'], { error: 'Status must be APPROVED or REJECTED' }),
      notes: safeString('Notes')
        .trim()
        .max(NOTES_MAX, NOTES_TOO_LONG)
        .nullish()
        .transform((value) => (value ? value : null)),
      outcome: z.enum(reviewOutcomes, { error: `Outcome must be one of ${reviewOutcomes.join(', ')}` }).default('policy'),
      amount: dollarsField.optional(),
    },
    { error: 'Status must be APPROVED or REJECTED' },
  )
  .superRefine((input, context) => {
    if (input.outcome === 'custom' && input.amount === undefined) context.addIssue({ code: 'custom', path: ['amount'], message: REFUND_AMOUNT_INVALID });
    if (input.outcome !== 'custom' && input.amount !== undefined) context.addIssue({ code: 'custom', path: ['amount'], message: REFUND_AMOUNT_ONLY_CUSTOM });
  });
export type ReviewRefundInput = z.input<typeof reviewRefundInputSchema>;
export type ReviewRefundBody = z.output<typeof reviewRefundInputSchema>;

/** The Refund notes field of the admin's review dialog (the decision comes from the button). */
export const reviewNotesFormSchema = z.object({ notes: safeString('Notes').trim().max(NOTES_MAX, NOTES_TOO_LONG) });
export type ReviewNotesFormInput = z.input<typeof reviewNotesFormSchema>;
export type ReviewNotesForm = z.output<typeof reviewNotesFormSchema>;

/**
 * The admin's approval form: the outcome, a custom amount as typed (dollars, above 0, at most
 * `leftDollars`, what is left of the seat's share), and the notes; it becomes the PUT's body.
 */
export function approvalFormSchema(leftDollars: number) {
  return z
    .object({
      outcome: z.enum(reviewOutcomes, { error: 'Choose how to settle the request' }),
      amount: z.string(),
      notes: safeString('Notes').trim().max(NOTES_MAX, NOTES_TOO_LONG),
    })
    .superRefine((form, context) => {
      if (form.outcome !== 'custom') return;
      const amount = dollarsField.safeParse(form.amount.trim() === '' ? Number.NaN : Number(form.amount));
      const message = !amount.success ? REFUND_AMOUNT_INVALID : amount.data > leftDollars ? refundMoreThanLeftMessage(leftDollars) : null;
      if (message) context.addIssue({ code: 'custom', path: ['amount'], message });
    })
    .transform(
      (form): ReviewRefundInput => ({
        status: 'APPROVED',
        notes: form.notes || null,
        outcome: form.outcome,
        ...(form.outcome === 'custom' ? { amount: Number(form.amount) } : {}),
      }),
    );
}
export type ApprovalForm = z.input<ReturnType<typeof approvalFormSchema>>;

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

/** What the cancellation policy gave a request when it was made, for the admin's review. */
export const requestPolicySchema = z.object({
  kind: z.enum(cancellationOutcomeKinds),
  /** Dollars the policy's money outcome sends (the 50 % within 7 days, where a credit is the other choice). */
  amount: z.number(),
  /** 'Asked 3 days before the workshop: a credit or a 50% refund ($249.50).' */
  summary: z.string(),
});

/** One row of GET /api/admin/refund-requests, pending first. */
export const adminRefundRequestSchema = refundRequestSchema.extend({
  providerRefundId: z.string().nullable(),
  /** Dollars an approval sends back by default (the policy's, never more than is left), or sent back. */
  refundAmount: z.number(),
  policy: requestPolicySchema,
  /** A refund already decided (by a cancellation, or an approval at the provider): only 'policy' sends it, as decided. */
  amountDecided: z.boolean(),
  /** The outcomes an approval may choose now; empty once decided. */
  outcomes: z.array(z.enum(reviewOutcomes)),
  /** The seat's money, in the refunds' one vocabulary. */
  refund: seatRefundSchema.omit({ request: true }),
  booking: adminRefundBookingSchema,
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export const adminRefundRequestListSchema = z.array(adminRefundRequestSchema);

export const reviewRefundResponseSchema = z.object({ success: z.literal(true), message: z.string(), refundRequest: adminRefundRequestSchema });
export type ReviewRefundResponse = z.infer<typeof reviewRefundResponseSchema>;
