import { cx } from '../../../../client/components/ui/cx';

/**
 * A refund request's status (spec §3): APPROVED in the success style, REJECTED in the danger
 * style, anything else (pending) as an outline. Same frame as the shared Badge, whose tones have
 * no danger or outline.
 */
export function RefundStatusBadge({ status }: { status: string }) {
  const [label, tone] =
    status === 'APPROVED'
      ? ['Refund approved', 'bg-success-soft']
      : status === 'REJECTED'
        ? ['Refund rejected', 'bg-danger-soft']
        : [status === 'PENDING' ? 'Pending review' : status, 'bg-transparent border-dashed'];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-brutal border-2 border-ink px-2.5 py-1 text-xs font-extrabold uppercase leading-none tracking-label text-ink',
        tone,
      )}
    >
      {label}
    </span>
  );
}
