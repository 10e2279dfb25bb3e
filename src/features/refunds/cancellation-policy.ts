/**
 * The refund policy the FAQ promises, as pure functions so the server, the participant's dialog
 * and the tests read one rule: 'Cancel at least 7 days before the workshop and you get a full
 * refund. Within 7 days of the workshop, you can choose a credit toward a future workshop or a
 * 50% refund.'
 */

/** 7 days, counted in hours to the minute: 168 h before the start still gets a full refund. */
export const FULL_REFUND_NOTICE_HOURS = 168;
const FULL_REFUND_NOTICE_MS = FULL_REFUND_NOTICE_HOURS * 3_600_000;
const DAY_MS = 86_400_000;

/** What a participant may choose when they cancel within 7 days of a paid workshop. */
export const lateCancellationChoices = ['credit', 'half-refund'] as const;
export type LateCancellationChoice = (typeof lateCancellationChoices)[number];
export const DEFAULT_LATE_CHOICE: LateCancellationChoice = 'credit';

export const cancellationOutcomeKinds = ['full-refund', 'half-refund', 'credit', 'none'] as const;
export type CancellationOutcomeKind = (typeof cancellationOutcomeKinds)[number];

export type PolicyBooking = {
  isPaid: boolean;
  finalPriceCents: number;
};

/** Money was taken by card for this booking, so the policy has something to give back. */
export function hasPaidByCard(booking: PolicyBooking): boolean {
  return booking.isPaid && booking.finalPriceCents > 0;
}

/** Whole days left before the start (rounded down); null while the workshop is TBC. */
export function daysUntil(startsAt: Date | null, now: Date): number | null {
  if (!startsAt) return null;
  return Math.floor((startsAt.getTime() - now.getTime()) / DAY_MS);
}

/** True when cancelling now is at least 7 days (168 h) ahead; a TBC workshop counts as far away. */
export function isFullRefundWindow(startsAt: Date | null, now: Date): boolean {
  return !startsAt || startsAt.getTime() - now.getTime() >= FULL_REFUND_NOTICE_MS;
}

/** Half of the price paid, rounded to the cent (half a cent goes to the participant). */
export function halfOf(cents: number): number {
  return Math.ceil(cents / 2);
}

export type CancellationOutcome = { kind: CancellationOutcomeKind; refundCents: number };

/** The choices a cancellation offers now: one fixed outcome, or the late-cancellation pair. */
export function availableOutcomes(booking: PolicyBooking, startsAt: Date | null, now: Date): CancellationOutcome[] {
  if (!hasPaidByCard(booking)) return [{ kind: 'none', refundCents: 0 }];
  if (isFullRefundWindow(startsAt, now)) return [{ kind: 'full-refund', refundCents: booking.finalPriceCents }];
  return [
    { kind: 'credit', refundCents: 0 },
    { kind: 'half-refund', refundCents: halfOf(booking.finalPriceCents) },
  ];
}

/**
 * What cancelling now gives this booking. `choice` only matters within 7 days of a paid
 * workshop; it defaults to the credit, which is worth the whole price toward another workshop.
 */
export function decideCancellation(
  booking: PolicyBooking,
  startsAt: Date | null,
  now: Date,
  choice: LateCancellationChoice = DEFAULT_LATE_CHOICE,
): CancellationOutcome {
  const outcomes = availableOutcomes(booking, startsAt, now);
  return outcomes.find((outcome) => outcome.kind === choice) ?? outcomes[0]!;
}

/**
 * The FAQ's words for the policy. The cancel dialog does not show them beside a seat's terms: the
 * terms' summary already says what the policy gives that seat, and the dialog says it once.
 */
export const REFUND_POLICY_TEXT =
  'Cancel at least 7 days before the workshop and you get a full refund. Within 7 days of the workshop, you can choose a credit toward a future workshop or a 50% refund.';

export type ReviewedBooking = PolicyBooking & { status: string; cancelledAt: Date | null };

/**
 * What the policy gives a refund request, as of the moment it was made: a full refund at least 7
 * days before, a credit or 50 % within 7 days (the 50 % is the money outcome returned here), and
 * nothing once the workshop had started or for a booking not paid by card.
 */
export function policyOnRequest(booking: PolicyBooking, startsAt: Date | null, requestedAt: Date): CancellationOutcome {
  if (startsAt && startsAt.getTime() <= requestedAt.getTime()) return { kind: 'none', refundCents: 0 };
  return decideCancellation(booking, startsAt, requestedAt, 'half-refund');
}

/**
 * What approving a refund request sends back by default: what the policy gave when the request
 * was made, or, for a booking already cancelled, what the policy gave at its cancellation (half,
 * if cancelled within 7 days: a request on a cancelled booking only exists for a refund the policy
 * owed, since a credit needs none).
 */
export function refundDueOnReview(booking: ReviewedBooking, startsAt: Date | null, requestedAt: Date): number {
  if (!hasPaidByCard(booking)) return 0;
  if (booking.status === 'cancelled' && booking.cancelledAt) {
    return decideCancellation(booking, startsAt, booking.cancelledAt, 'half-refund').refundCents;
  }
  return policyOnRequest(booking, startsAt, requestedAt).refundCents;
}
