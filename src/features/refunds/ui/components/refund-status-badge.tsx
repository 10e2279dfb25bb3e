import { cx } from '../../../../client/components/ui/cx';

/**
 * A refund request's status: APPROVED in the success style, REJECTED in the danger
 * style, anything else (pending) as an outline. Its words are the seat's refund state when given
 * (refund-state.ts: 'Refund requested', 'Partly refunded ($249.50 of $499.00)', …), so the
 * participant's page and the admin's lists say the same thing. Same frame as the shared Badge,
 * whose tones have no danger or outline.
 */
export function RefundStatusBadge({ status, label }: { status: string; label?: string }) {
  const [fallback, tone] =
    status === 'APPROVED'
      ? ['Refund approved', 'bg-success-soft']
      : status === 'REJECTED'
        ? ['Refund rejected', 'bg-danger-soft']
        : [status === 'PENDING' ? 'Refund requested' : status, 'bg-transparent border-dashed'];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-brutal border-2 border-ink px-2.5 py-1 text-xs font-extrabold uppercase leading-none tracking-label text-ink',
        tone,
      )}
    >
      {label ?? fallback}
    </span>
  );
}
