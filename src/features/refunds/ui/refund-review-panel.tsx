import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Dialog, FormButtons, smallButtonClasses } from '../../../client/components/ui/dialog';
import { ErrorState } from '../../../client/components/ui/data-table';
import { TextAreaField, TextField } from '../../../client/components/ui/form';
import { useSchemaForm } from '../../../client/components/ui/use-schema-form';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { toast } from '../../../client/components/ui/toast-store';
import { ApiError } from '../../../client/lib/api-client';
import { formatUsd } from '../../../common/money';
import {
  approvalFormSchema,
  reviewNotesFormSchema,
  type AdminRefundRequest,
  type ApprovalForm,
  type ReviewOutcome,
  type ReviewRefundInput,
} from '../refunds.schema';
import { useRefundRequests } from './api/get-refund-requests';
import { useReviewRefundRequest } from './api/review-refund-request';
import { RefundStatusBadge } from './components/refund-status-badge';

type Decision = 'APPROVED' | 'REJECTED';
type Review = { request: AdminRefundRequest; decision: Decision };

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const fullName = (request: AdminRefundRequest) => `${request.booking.firstName} ${request.booking.lastName}`.trim();
const workshopLabel = (request: AdminRefundRequest) =>
  `${request.booking.workshopTitle || `Booking #${request.bookingId}`}${request.booking.workshopDate ? ` · ${request.booking.workshopDate}` : ' · TBC'}`;
const failure = (error: unknown) => (error instanceof ApiError ? error.field('message') : undefined) ?? 'Failed to update refund request';

/** How each outcome reads in the approval form, with its amount. */
function outcomeLabel(request: AdminRefundRequest, outcome: ReviewOutcome): string {
  switch (outcome) {
    case 'policy':
      return request.amountDecided ? `Send the refund already decided: ${formatUsd(request.refundAmount)}` : `As the policy gives: refund ${formatUsd(request.refundAmount)}`;
    case 'full':
      return `Refund all that is left: ${formatUsd(request.refund.remainingAmount)}`;
    case 'credit':
      return 'A credit code for a future workshop instead of money (the seat is released)';
    case 'custom':
      return 'Refund a chosen amount';
  }
}

/** A radio with its label, 44 px tall for a thumb. */
function Choice({ label, registration, value }: { label: string; value: string; registration: UseFormRegisterReturn }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-brutal border-2 border-ink bg-white px-3 py-2 font-bold has-[:checked]:bg-accent-soft">
      <input type="radio" value={value} className="size-5 shrink-0 accent-ink" {...registration} />
      {label}
    </label>
  );
}

function ReasonBox({ request }: { request: AdminRefundRequest }) {
  return (
    <div className="rounded-brutal border-2 border-paper-deep bg-white p-3 text-sm">
      <p className="font-bold">Reason</p>
      <p className="whitespace-pre-line break-words">{request.reason}</p>
    </div>
  );
}

/** Approving: the policy's refund by default, or all that is left, a credit, or a chosen amount; then notes. */
function ApproveForm({ request, onDone }: { request: AdminRefundRequest; onDone: () => void }) {
  const idPrefix = useId();
  const reviewing = useReviewRefundRequest();
  const schema = useMemo(() => approvalFormSchema(request.refund.remainingAmount), [request.refund.remainingAmount]);
  const outcomes = request.outcomes;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ApprovalForm, unknown, ReviewRefundInput>({
    resolver: zodResolver(schema),
    defaultValues: { outcome: outcomes.includes('policy') ? 'policy' : (outcomes[0] ?? 'policy'), amount: '', notes: '' },
  });
  const [outcome, amount] = useWatch({ control, name: ['outcome', 'amount'] });
  const name = fullName(request);
  const typed = Number(amount);
  let label = 'Approve and Refund';
  if (outcome === 'credit') label = 'Approve with Credit';
  else if (outcome === 'custom' && amount && typed > 0) label = `Approve and Refund ${formatUsd(typed)}`;

  const onSubmit = handleSubmit((input) =>
    reviewing.mutate(
      { id: request.id, ...input },
      {
        onSuccess: ({ refundRequest }) => {
          toast({
            title: 'Refund Approved',
            description: refundRequest.refund.creditCode && input.outcome === 'credit'
              ? `A credit code (${refundRequest.refund.creditCode}) was e-mailed to ${name}.`
              : `${formatUsd(refundRequest.refundAmount)} was refunded to ${name}.`,
          });
          onDone();
        },
        onError: (error) => toast({ title: 'Error', description: failure(error), variant: 'destructive' }),
      },
    ),
  );

  if (outcomes.length === 0) {
    return (
      <div className="space-y-4">
        <ReasonBox request={request} />
        <p className="text-sm font-semibold">Nothing can be approved for this request now. Reject it with a note for the participant instead.</p>
        <FormButtons onCancel={onDone} label="Approve and Refund" busy={false} busyLabel="Saving…" disabled />
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <ReasonBox request={request} />
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-bold">Settle the request</legend>
        {outcomes.map((choice) => (
          <Choice key={choice} label={outcomeLabel(request, choice)} value={choice} registration={register('outcome')} />
        ))}
      </fieldset>
      {outcome === 'custom' ? (
        <TextField
          id={`${idPrefix}-amount`}
          label="Refund amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder={request.refund.remainingAmount.toFixed(2)}
          error={errors.amount?.message}
          registration={register('amount')}
        />
      ) : null}
      <TextAreaField id={`${idPrefix}-notes`} label="Notes for the participant" optional rows={4} error={errors.notes?.message} registration={register('notes')} />
      <FormButtons onCancel={onDone} label={label} busy={reviewing.isPending} busyLabel="Saving…" tone="primary" />
    </form>
  );
}

function RejectForm({ request, onDone }: { request: AdminRefundRequest; onDone: () => void }) {
  const reviewing = useReviewRefundRequest();
  const { field, handleSubmit } = useSchemaForm(reviewNotesFormSchema, { notes: '' });
  const name = fullName(request);

  const onSubmit = handleSubmit(({ notes }) =>
    reviewing.mutate(
      { id: request.id, status: 'REJECTED', notes: notes || null },
      {
        onSuccess: () => {
          toast({ title: 'Refund Rejected', description: `${name} has been told by email.` });
          onDone();
        },
        onError: (error) => toast({ title: 'Error', description: failure(error), variant: 'destructive' }),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <ReasonBox request={request} />
      <TextAreaField label="Notes for the participant" optional rows={4} {...field('notes')} />
      <FormButtons onCancel={onDone} label="Reject Request" busy={reviewing.isPending} busyLabel="Saving…" tone="danger" />
    </form>
  );
}

function RequestItem({ request, onReview }: { request: AdminRefundRequest; onReview?: (review: Review) => void }) {
  const name = fullName(request);
  return (
    <li className="flex flex-col gap-3 border-b border-paper-deep py-3 last:border-b-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm sm:flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold">{name}</span>
          <a href={`mailto:${request.booking.email}`} className="break-all underline decoration-2 underline-offset-2">
            {request.booking.email}
          </a>
          <RefundStatusBadge status={request.status} label={request.refund.state} />
        </p>
        <p className="text-ink-soft">
          {workshopLabel(request)} · paid {formatUsd(request.booking.finalPrice)}
          {request.booking.status === 'cancelled' ? ' · booking cancelled' : ''} · requested{' '}
          <time dateTime={request.requestedAt}>{shortDate.format(new Date(request.requestedAt))}</time>
        </p>
        {request.status === 'PENDING' ? (
          <p className="break-words">
            <span className="font-bold">Policy: </span>
            {request.policy.summary}
          </p>
        ) : null}
        <p className="break-words">
          <span className="font-bold">Reason: </span>
          {request.reason}
        </p>
        {request.refund.creditCode ? (
          <p className="break-words">
            <span className="font-bold">Credit code: </span>
            <span className="font-mono">{request.refund.creditCode}</span>
          </p>
        ) : null}
        {request.notes ? (
          <p className="break-words text-ink-soft">
            <span className="font-bold">Notes: </span>
            {request.notes}
          </p>
        ) : null}
      </div>
      {onReview ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          <button type="button" className={smallButtonClasses('primary')} aria-label={`Approve refund: ${name}`} onClick={() => onReview({ request, decision: 'APPROVED' })}>
            <Check aria-hidden="true" className="size-4" />
            Approve
          </button>
          <button type="button" className={smallButtonClasses('secondary')} aria-label={`Reject refund: ${name}`} onClick={() => onReview({ request, decision: 'REJECTED' })}>
            <X aria-hidden="true" className="size-4" />
            Reject
          </button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Refund requests at the top of the admin Bookings tab: pending ones with what the
 * cancellation policy gave when they were asked, Approve (the policy's refund by default, or all
 * that is left, a credit, or a chosen amount) and Reject (with notes); decided ones folded away,
 * each seat's money in the refunds' one vocabulary.
 */
export function RefundReviewPanel() {
  const headingId = useId();
  const requestsQuery = useRefundRequests();
  const [review, setReview] = useState<Review | null>(null);
  const requests = requestsQuery.data ?? [];
  const pending = requests.filter((request) => request.status === 'PENDING');
  const processed = requests.filter((request) => request.status !== 'PENDING');

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-extrabold">
        Refund requests
        {pending.length > 0 ? <span className="rounded-brutal bg-accent px-2 py-0.5 text-xs">{pending.length} pending</span> : null}
      </h3>

      {requestsQuery.isPending ? (
        <LoadingRegion label="Loading refund requests" className="mt-3 space-y-2">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-2/3" />
        </LoadingRegion>
      ) : requestsQuery.isError ? (
        <div className="mt-3">
          <ErrorState message="Failed to load refund requests. Please try again." onRetry={() => void requestsQuery.refetch()} />
        </div>
      ) : requests.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No refund requests</p>
      ) : (
        <>
          {pending.length > 0 ? (
            <ul className="mt-1" aria-label="Pending refund requests">
              {pending.map((request) => (
                <RequestItem key={request.id} request={request} onReview={setReview} />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-ink-soft">No pending refund requests</p>
          )}
          {processed.length > 0 ? (
            <details className="mt-3 text-sm">
              <summary className="flex min-h-11 cursor-pointer items-center font-bold">Processed requests ({processed.length})</summary>
              <ul aria-label="Processed refund requests">
                {processed.map((request) => (
                  <RequestItem key={request.id} request={request} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}

      <Dialog
        open={review !== null}
        onOpenChange={(open) => (open ? undefined : setReview(null))}
        title={review?.decision === 'APPROVED' ? 'Approve refund' : 'Reject refund request'}
        description={
          review
            ? review.decision === 'APPROVED'
              ? `${review.request.policy.summary} ${fullName(review.request)} is told by email.`
              : `${fullName(review.request)} keeps their booking and is told by email, with your notes.`
            : undefined
        }
      >
        {review ? (
          review.decision === 'APPROVED' ? (
            <ApproveForm key={`${review.request.id}-approve`} request={review.request} onDone={() => setReview(null)} />
          ) : (
            <RejectForm key={`${review.request.id}-reject`} request={review.request} onDone={() => setReview(null)} />
          )
        ) : null}
      </Dialog>
    </section>
  );
}
