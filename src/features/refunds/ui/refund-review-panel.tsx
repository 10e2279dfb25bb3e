import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Dialog, FormButtons, smallButtonClasses } from '../../../client/components/ui/dialog';
import { ErrorState } from '../../../client/components/ui/data-table';
import { TextAreaField } from '../../../client/components/ui/form';
import { useSchemaForm } from '../../../client/components/ui/use-schema-form';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { toast } from '../../../client/components/ui/toast-store';
import { ApiError } from '../../../client/lib/api-client';
import { formatUsd } from '../../../common/money';
import { reviewNotesFormSchema, type AdminRefundRequest } from '../refunds.schema';
import { useRefundRequests } from './api/get-refund-requests';
import { useReviewRefundRequest } from './api/review-refund-request';
import { RefundStatusBadge } from './components/refund-status-badge';

type Decision = 'APPROVED' | 'REJECTED';
type Review = { request: AdminRefundRequest; decision: Decision };

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const fullName = (request: AdminRefundRequest) => `${request.booking.firstName} ${request.booking.lastName}`.trim();
const workshopLabel = (request: AdminRefundRequest) =>
  `${request.booking.workshopTitle || `Booking #${request.bookingId}`}${request.booking.workshopDate ? ` · ${request.booking.workshopDate}` : ' · TBC'}`;

function ReviewForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const reviewing = useReviewRefundRequest();
  const { field, handleSubmit } = useSchemaForm(reviewNotesFormSchema, { notes: '' });
  const approving = review.decision === 'APPROVED';
  const name = fullName(review.request);

  const onSubmit = handleSubmit(({ notes }) =>
    reviewing.mutate(
      { id: review.request.id, status: review.decision, notes: notes || null },
      {
        onSuccess: () => {
          toast(
            approving
              ? { title: 'Refund Approved', description: `${formatUsd(review.request.refundAmount)} was refunded to ${name}.` }
              : { title: 'Refund Rejected', description: `${name} has been told by email.` },
          );
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: (error instanceof ApiError ? error.field('message') : undefined) ?? 'Failed to update refund request',
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <div className="rounded-brutal border-2 border-paper-deep bg-white p-3 text-sm">
        <p className="font-bold">Reason</p>
        <p className="whitespace-pre-line break-words">{review.request.reason}</p>
      </div>
      <TextAreaField label="Notes for the participant" optional rows={4} {...field('notes')} />
      <FormButtons onCancel={onDone} label={approving ? 'Approve and Refund' : 'Reject Request'} busy={reviewing.isPending} busyLabel="Saving…" tone={approving ? 'primary' : 'danger'} />
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
          <RefundStatusBadge status={request.status} />
        </p>
        <p className="text-ink-soft">
          {workshopLabel(request)} · {formatUsd(request.refundAmount)}
          {request.booking.status === 'cancelled' ? ' · booking cancelled' : ''} · requested{' '}
          <time dateTime={request.requestedAt}>{shortDate.format(new Date(request.requestedAt))}</time>
        </p>
        <p className="break-words">
          <span className="font-bold">Reason: </span>
          {request.reason}
        </p>
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
 * Refund requests at the top of the admin Bookings tab (CONTRACT §6): pending ones with Approve
 * (refunds through the payment provider) and Reject (with notes); decided ones folded away.
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
              ? `${formatUsd(review.request.refundAmount)} goes back to ${fullName(review.request)}'s card through the payment provider, and they are told by email.`
              : `${fullName(review.request)} keeps their booking and is told by email, with your notes.`
            : undefined
        }
      >
        {review ? <ReviewForm key={`${review.request.id}-${review.decision}`} review={review} onDone={() => setReview(null)} /> : null}
      </Dialog>
    </section>
  );
}
