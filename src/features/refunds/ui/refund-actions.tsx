import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX2, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { TextAreaField } from '../../../client/components/ui/form';
import { toast } from '../../../client/components/ui/toast-store';
import { ApiError } from '../../../client/lib/api-client';
import { REFUND_POLICY_TEXT, type LateCancellationChoice } from '../cancellation-policy';
import {
  BOOKING_CANCELLED_TITLE,
  CANCEL_FAILED,
  REASON_MAX,
  REFUND_REQUEST_FAILED,
  REFUND_REQUEST_SUBMITTED,
  REFUND_REQUESTED_TITLE,
  refundRequestInputSchema,
  REVIEW_TAKES,
  type CancellationTerms,
  type RefundRequestBody,
  type RefundRequestInput,
} from '../refunds.schema';
import { useCancelBooking } from './api/cancel-booking';
import { useCancellationTerms } from './api/get-cancellation-terms';
import { useSubmitRefundRequest } from './api/submit-refund-request';
import { RefundStatusBadge } from './components/refund-status-badge';

/**
 * Contract used by the participant page:
 * - RefundRequestAction: shows 'Request Refund' only for paid bookings without a request, or the request's status.
 * - CancelBookingAction: shows the cancellation terms, confirms, cancels, then calls onCancelled.
 */
export type RefundRequestView = { status: string; reason: string; notes: string | null; requestedAt: string; processedAt: string | null };

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.field('message') : undefined);

const requestedOn = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function RefundRequestStatus({ request }: { request: RefundRequestView }) {
  return (
    <div className="space-y-1.5 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <RefundStatusBadge status={request.status} />
        <span className="text-ink-soft">
          Requested <time dateTime={request.requestedAt}>{requestedOn.format(new Date(request.requestedAt))}</time>
        </span>
      </p>
      {request.status === 'PENDING' ? <p className="text-ink-soft">{REVIEW_TAKES}</p> : null}
      {request.notes ? (
        <p>
          <span className="font-bold">Notes: </span>
          {request.notes}
        </p>
      ) : null}
    </div>
  );
}

function RefundRequestForm({ bookingId, onDone }: { bookingId: number; onDone: (request: RefundRequestView) => void }) {
  const id = useId();
  const submitting = useSubmitRefundRequest();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RefundRequestInput, unknown, RefundRequestBody>({ resolver: zodResolver(refundRequestInputSchema), defaultValues: { reason: '' } });
  const reason = useWatch({ control, name: 'reason' }) ?? '';

  const onSubmit = handleSubmit(({ reason: text }) =>
    submitting.mutate(
      { bookingId, reason: text },
      {
        onSuccess: ({ refundRequest }) => {
          toast({ title: REFUND_REQUESTED_TITLE, description: REFUND_REQUEST_SUBMITTED });
          onDone(refundRequest);
        },
        onError: (error) => toast({ title: REFUND_REQUEST_FAILED, description: serverMessage(error), variant: 'destructive' }),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
      <TextAreaField
        id={`${id}-reason`}
        label="Reason for the refund"
        error={errors.reason?.message}
        registration={register('reason')}
        rows={5}
        maxLength={REASON_MAX}
        // The counter, plus the field's error when there is one (TextAreaField links the error by this id).
        aria-describedby={[`${id}-count`, errors.reason ? `${id}-reason-error` : ''].filter(Boolean).join(' ')}
      />
      <p id={`${id}-count`} className="text-right text-xs text-ink-soft" aria-live="polite">
        {reason.length}/{REASON_MAX} characters
      </p>
      <p className="text-sm">{REVIEW_TAKES}</p>
      <div className="flex flex-wrap justify-end gap-3 pt-1">
        <button type="submit" className={smallButtonClasses('primary')} disabled={submitting.isPending}>
          {submitting.isPending ? 'Submitting…' : 'Submit Request'}
        </button>
      </div>
    </form>
  );
}

/** 'Request Refund' for a paid booking with no request yet; the request's status once there is one (spec §2, §3, §8). */
export function RefundRequestAction({
  bookingId,
  isPaid,
  refundRequest,
  onChanged,
}: {
  bookingId: number;
  isPaid: boolean;
  refundRequest: RefundRequestView | null;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Shown at once after submitting, before the page has read the booking again.
  const [submitted, setSubmitted] = useState<RefundRequestView | null>(null);
  const request = refundRequest ?? submitted;

  if (request) return <RefundRequestStatus request={request} />;
  if (!isPaid) return null;
  return (
    <>
      <button type="button" className={smallButtonClasses('secondary')} onClick={() => setOpen(true)}>
        <ReceiptText aria-hidden="true" className="size-4" />
        Request Refund
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Request Refund" description={`Tell us why you would like a refund. ${REVIEW_TAKES}`}>
        {open ? (
          <RefundRequestForm
            bookingId={bookingId}
            onDone={(created) => {
              setSubmitted(created);
              setOpen(false);
              onChanged();
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function TermsBody({
  terms,
  choice,
  onChoice,
  groupName,
}: {
  terms: CancellationTerms;
  choice: LateCancellationChoice;
  onChoice: (choice: LateCancellationChoice) => void;
  groupName: string;
}) {
  const choices = terms.options.filter((option): option is typeof option & { kind: LateCancellationChoice } => option.kind === 'credit' || option.kind === 'half-refund');
  const single = choices.length === 0 ? terms.options[0] : undefined;
  return (
    <div className="space-y-4 text-sm">
      <p className="text-base font-semibold">{terms.summary}</p>
      {choices.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 font-bold">What would you like instead?</legend>
          {choices.map((option) => (
            <label
              key={option.kind}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-brutal border-2 border-ink bg-white p-3 has-[:checked]:bg-accent/20"
            >
              <input
                type="radio"
                name={groupName}
                value={option.kind}
                checked={choice === option.kind}
                onChange={() => onChoice(option.kind)}
                className="mt-0.5 size-5 shrink-0 accent-ink"
              />
              <span>
                <span className="block font-bold">{option.label}</span>
                <span className="block text-ink-soft">{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : single && terms.canCancel ? (
        <p>
          <span className="font-bold">{single.label}: </span>
          {single.description}
        </p>
      ) : null}
      <p className="border-t-2 border-paper-deep pt-3 text-xs text-ink-soft">
        <span className="font-bold">Refund policy: </span>
        {REFUND_POLICY_TEXT}
      </p>
    </div>
  );
}

/** 'Cancel Booking': shows what the refund policy gives this booking, then cancels on confirmation (spec §2, §4, §8). */
export function CancelBookingAction({ bookingId, email, onCancelled }: { bookingId: number; email: string; onCancelled: () => void }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<LateCancellationChoice>('credit');
  const groupName = useId();
  const termsQuery = useCancellationTerms(bookingId, open);
  const cancelling = useCancelBooking();
  const terms = termsQuery.data;

  const confirm = () =>
    cancelling.mutate(
      { bookingId, email, option: choice },
      {
        onSuccess: ({ message }) => {
          toast({ title: BOOKING_CANCELLED_TITLE, description: message });
          setOpen(false);
          onCancelled();
        },
        onError: (error) => {
          toast({ title: 'Error', description: serverMessage(error) ?? CANCEL_FAILED, variant: 'destructive' });
          void termsQuery.refetch();
        },
      },
    );

  return (
    <>
      <button type="button" className={smallButtonClasses('ghost')} onClick={() => setOpen(true)}>
        <CalendarX2 aria-hidden="true" className="size-4" />
        Cancel Booking
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setChoice('credit');
        }}
        title="Cancel this booking?"
        description="Your seat is released for someone else. Check what happens with your payment before you confirm."
        footer={
          <>
            <button type="button" className={smallButtonClasses('secondary')} onClick={() => setOpen(false)}>
              Keep Booking
            </button>
            {terms?.canCancel ? (
              <button type="button" className={smallButtonClasses('danger')} disabled={cancelling.isPending} onClick={confirm}>
                {cancelling.isPending ? 'Cancelling…' : 'Yes, Cancel Booking'}
              </button>
            ) : null}
          </>
        }
      >
        {termsQuery.isPending ? (
          <p role="status" className="py-4 text-sm font-semibold">
            Loading the cancellation terms…
          </p>
        ) : termsQuery.isError || !terms ? (
          <p role="alert" className="py-2 text-sm font-semibold text-danger">
            {serverMessage(termsQuery.error) ?? 'We could not load the cancellation terms. Please try again.'}
          </p>
        ) : (
          <TermsBody terms={terms} choice={choice} onChoice={setChoice} groupName={groupName} />
        )}
      </Dialog>
    </>
  );
}
