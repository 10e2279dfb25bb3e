import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CalendarX2, ReceiptText, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { TextAreaField } from '../../../client/components/ui/form';
import { Skeleton } from '../../../client/components/ui/skeleton';
import { toast } from '../../../client/components/ui/toast-store';
import { ApiError } from '../../../client/lib/api-client';
import { dollarsToCents, formatUsd } from '../../../common/money';
import { hasPaidByCard, type LateCancellationChoice } from '../cancellation-policy';
import {
  BOOKING_CANCELLED_TITLE,
  CANCEL_FAILED,
  REASON_MAX,
  REFUND_REQUEST_FAILED,
  REFUND_REQUEST_SUBMITTED,
  REFUND_REQUESTED_TITLE,
  refundRequestInputSchema,
  REVIEW_TAKES,
  type CancellationOption,
  type CancellationTerms,
  type RefundRequestBody,
  type RefundRequestInput,
} from '../refunds.schema';
import { useCancelBooking } from './api/cancel-booking';
import { useCancellationTerms } from './api/get-cancellation-terms';
import { useSubmitRefundRequest } from './api/submit-refund-request';
import { RefundStatusBadge } from './components/refund-status-badge';

/**
 * What the participant page puts on a booking card (filled in by the app's /participant route):
 * - RefundRequestAction: 'Request Refund' only for a paid booking with no request yet;
 *   once there is one, the seat's refund state in the refunds' one vocabulary.
 * - CancelBookingAction: 'Cancel Booking'.
 * Both buttons open the same dialog (RefundOptionsDialog): it first says, once, what the
 * cancellation policy gives this seat now (the terms' summary), offers that as the one-step action
 * ('Cancel and get …'), and asking the organiser to review instead (the seat stays booked until
 * they decide) as the other. A seat nothing was paid for has no refund to speak of: its dialog only
 * asks whether to cancel, and says the seat goes back on sale. 'Cancel' (or Escape) closes it.
 */
export type RefundRequestView = { status: string; reason: string; notes: string | null; requestedAt: string; processedAt: string | null };

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.field('message') : undefined);

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

const DIALOG_TITLE = 'Cancel or ask for a refund';
const DIALOG_DESCRIPTION = 'What the cancellation policy gives this booking now, and the other way: asking the organiser to review.';
/** A seat nothing was paid for: no refund, no policy, only whether to cancel (the terms' summary says the seat goes back on sale). */
const UNPAID_DIALOG_TITLE = 'Cancel booking';

/** Money was taken for this seat (the policy's own test), from the dollars the participant's list reads. */
const paidFor = (isPaid: boolean, finalPrice: number) => hasPaidByCard({ isPaid, finalPriceCents: dollarsToCents(finalPrice) });
const SEAT_STAYS_BOOKED = 'Your seat stays booked until the organiser decides.';

type LateOption = CancellationOption & { kind: LateCancellationChoice };
const isLateOption = (option: CancellationOption): option is LateOption => option.kind === 'credit' || option.kind === 'half-refund';

/** The one-step action's words: what cancelling now gets, with the choice made for a late cancellation. */
function cancelLabel(terms: CancellationTerms, choice: LateCancellationChoice): string {
  const option = terms.options.find((candidate) => candidate.kind === choice) ?? terms.options[0];
  if (!option || option.kind === 'none') return 'Cancel booking';
  if (option.kind === 'credit') return 'Cancel and get a credit';
  return `Cancel and get ${formatUsd(option.refundAmount)} back`;
}

// ---------------------------------------------------------------- the seat's refund, on the card

/** Where the seat's money stands once a request exists: its state, when it was asked, the review time or the decision, and notes. */
function SeatRefundStatus({ bookingId, request }: { bookingId: number; request: RefundRequestView }) {
  const terms = useCancellationTerms(bookingId, true);
  const refund = terms.data?.refund;
  return (
    <div className="w-full space-y-1.5 text-sm" aria-busy={terms.isPending || undefined}>
      <p className="flex flex-wrap items-center gap-2">
        {refund ? <RefundStatusBadge status={request.status} label={refund.state} /> : terms.isError ? <RefundStatusBadge status={request.status} /> : <Skeleton className="h-6 w-36" />}
        <span className="text-ink-soft">
          Requested <time dateTime={request.requestedAt}>{longDate.format(new Date(request.requestedAt))}</time>
        </span>
      </p>
      {request.status === 'PENDING' ? (
        <p className="text-ink-soft">
          {SEAT_STAYS_BOOKED} {REVIEW_TAKES}
        </p>
      ) : request.status === 'REJECTED' && request.processedAt ? (
        <p className="text-ink-soft">
          Your request was declined on <time dateTime={request.processedAt}>{longDate.format(new Date(request.processedAt))}</time>.
        </p>
      ) : null}
      {refund?.creditCode ? (
        <p>
          <span className="font-bold">Credit code: </span>
          <span className="font-mono break-all">{refund.creditCode}</span>
        </p>
      ) : null}
      {request.notes ? (
        <p className="break-words">
          <span className="font-bold">Notes: </span>
          {request.notes}
        </p>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------- the dialog

function ReviewRequestForm({ bookingId, onBack, onDone }: { bookingId: number; onBack: () => void; onDone: (request: RefundRequestView) => void }) {
  const id = useId();
  const submitting = useSubmitRefundRequest();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RefundRequestInput, unknown, RefundRequestBody>({ resolver: zodResolver(refundRequestInputSchema), defaultValues: { reason: '' } });
  const reason = useWatch({ control, name: 'reason' }) ?? '';
  const registration = register('reason');

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
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-base font-extrabold">
        Ask the organiser to review
      </h3>
      <p className="text-sm">
        Tell them why. {SEAT_STAYS_BOOKED} {REVIEW_TAKES}
      </p>
      <TextAreaField
        id={`${id}-reason`}
        label="Reason for the refund"
        error={errors.reason?.message}
        registration={registration}
        rows={5}
        maxLength={REASON_MAX}
        autoFocus
        // The counter, plus the field's error when there is one (TextAreaField links the error by this id).
        aria-describedby={[`${id}-count`, errors.reason ? `${id}-reason-error` : ''].filter(Boolean).join(' ')}
      />
      <p id={`${id}-count`} className="text-right text-xs text-ink-soft" aria-live="polite">
        {reason.length}/{REASON_MAX} characters
      </p>
      {submitting.isError ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {serverMessage(submitting.error) ?? REFUND_REQUEST_FAILED}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 pt-1 sm:flex-row-reverse sm:justify-start">
        <button type="submit" className={smallButtonClasses('primary')} disabled={submitting.isPending}>
          {submitting.isPending ? 'Submitting…' : 'Submit Request'}
        </button>
        <button type="button" className={smallButtonClasses('ghost')} onClick={onBack} disabled={submitting.isPending}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the policy
        </button>
      </div>
    </form>
  );
}

function PolicyBody({
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
  const choices = terms.options.filter(isLateOption);
  const pending = terms.refund.request?.status === 'PENDING' ? terms.refund.request : null;
  return (
    <div className="space-y-4 text-sm">
      {/* The terms, said once: what cancelling now gives (or, unpaid, that the seat goes back on sale). */}
      <p className="text-base font-semibold">{terms.summary}</p>
      {pending && terms.canCancel ? (
        <p className="rounded-brutal border-2 border-dashed border-ink bg-white p-3">
          Your refund request of <time dateTime={pending.requestedAt}>{longDate.format(new Date(pending.requestedAt))}</time> is waiting for review. Cancelling now
          closes it with what you choose here.
        </p>
      ) : null}
      {choices.length > 0 && terms.canCancel ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 font-bold">Cancel now and get</legend>
          {choices.map((option) => (
            <label
              key={option.kind}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-brutal border-2 border-ink bg-white p-3 has-[:checked]:bg-accent/20 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink"
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
      ) : null}
      {terms.canRequestReview ? (
        <p className="text-ink-soft">
          <span className="font-bold text-ink">Or ask the organiser to review instead. </span>
          {SEAT_STAYS_BOOKED} {REVIEW_TAKES}
        </p>
      ) : null}
    </div>
  );
}

type DialogProps = {
  bookingId: number;
  /** Money was taken for the seat: the dialog is about refunds too. Without, only about cancelling. */
  paid: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address the cancel is confirmed with; the seat's own from the terms when not given. */
  email?: string;
  onCancelled: () => void;
  onRequested?: (request: RefundRequestView) => void;
};

/**
 * The one dialog both buttons open. Its body is made afresh each time it opens (the policy's view,
 * the credit chosen by default) and reads the terms fresh, as they change with the clock.
 */
export function RefundOptionsDialog({ open, onOpenChange, paid, ...body }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={paid ? DIALOG_TITLE : UNPAID_DIALOG_TITLE} description={paid ? DIALOG_DESCRIPTION : undefined}>
      {open ? <RefundOptionsBody {...body} paid={paid} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

/**
 * What cancelling now gives, and two ways: the one-step cancel under the policy (primary), or a
 * reason for the organiser to review (secondary), the seat staying booked until then.
 */
function RefundOptionsBody({ bookingId, paid, email, onClose, onCancelled, onRequested }: Omit<DialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [view, setView] = useState<'policy' | 'review'>('policy');
  const [choice, setChoice] = useState<LateCancellationChoice>('credit');
  const groupName = useId();
  const termsQuery = useCancellationTerms(bookingId, true);
  const cancelling = useCancelBooking();
  const terms = termsQuery.data;
  const askButton = useRef<HTMLButtonElement>(null);
  const backFromReview = useRef(false);

  // Back from the reason form, the keyboard lands where it left.
  useEffect(() => {
    if (view === 'policy' && backFromReview.current) {
      backFromReview.current = false;
      askButton.current?.focus();
    }
  }, [view]);

  const confirm = () => {
    if (!terms) return;
    cancelling.mutate(
      { bookingId, email: email ?? terms.email, option: choice },
      {
        onSuccess: ({ message }) => {
          toast({ title: BOOKING_CANCELLED_TITLE, description: message });
          onClose();
          onCancelled();
        },
        onError: (error) => {
          toast({ title: 'Error', description: serverMessage(error) ?? CANCEL_FAILED, variant: 'destructive' });
          void termsQuery.refetch();
        },
      },
    );
  };

  if (termsQuery.isPending) {
    return (
      <div role="status" className="space-y-3 py-2">
        <p className="text-sm font-semibold">{paid ? 'Loading what the cancellation policy gives…' : 'Loading…'}</p>
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-11 w-2/3" />
      </div>
    );
  }
  if (termsQuery.isError || !terms) {
    return (
      <div className="space-y-3 py-2">
        <p role="alert" className="text-sm font-semibold text-danger">
          {serverMessage(termsQuery.error) ?? 'We could not load the cancellation terms. Please try again.'}
        </p>
        <button type="button" className={smallButtonClasses('secondary')} onClick={() => void termsQuery.refetch()} disabled={termsQuery.isFetching}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      </div>
    );
  }
  if (view === 'review' && terms.canRequestReview) {
    return (
      <ReviewRequestForm
        bookingId={bookingId}
        onBack={() => {
          backFromReview.current = true;
          setView('policy');
        }}
        onDone={(request) => {
          onClose();
          onRequested?.(request);
        }}
      />
    );
  }
  return (
    <div className="space-y-5">
      <PolicyBody terms={terms} choice={choice} onChoice={setChoice} groupName={groupName} />
      {cancelling.isError ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {serverMessage(cancelling.error) ?? CANCEL_FAILED}
        </p>
      ) : null}
      {/* Primary first for the keyboard and on a phone (stacked); on a wide screen it sits on the right. */}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:flex-wrap sm:justify-start">
        {terms.canCancel ? (
          <button type="button" className={smallButtonClasses('primary')} disabled={cancelling.isPending} onClick={confirm}>
            <CalendarX2 aria-hidden="true" className="size-4" />
            {cancelling.isPending ? 'Cancelling…' : cancelLabel(terms, choice)}
          </button>
        ) : null}
        {terms.canRequestReview ? (
          <button ref={askButton} type="button" className={smallButtonClasses('secondary')} disabled={cancelling.isPending} onClick={() => setView('review')}>
            <ReceiptText aria-hidden="true" className="size-4" />
            Ask the organiser to review instead
          </button>
        ) : null}
        {/* Closes the dialog and changes nothing, as Escape and the close button do. */}
        <button type="button" className={smallButtonClasses('ghost')} onClick={onClose} disabled={cancelling.isPending}>
          Cancel
        </button>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- the two buttons

/** 'Request Refund' for a paid booking with no request yet; the seat's refund once there is one. */
export function RefundRequestAction({
  bookingId,
  isPaid,
  finalPrice,
  refundRequest,
  onChanged,
}: {
  bookingId: number;
  isPaid: boolean;
  /** Dollars. */
  finalPrice: number;
  refundRequest: RefundRequestView | null;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Shown at once after submitting, before the page has read the booking again.
  const [submitted, setSubmitted] = useState<RefundRequestView | null>(null);
  const request = refundRequest ?? submitted;

  if (request) return <SeatRefundStatus bookingId={bookingId} request={request} />;
  if (!paidFor(isPaid, finalPrice)) return null;
  return (
    <>
      <button type="button" className={smallButtonClasses('secondary')} onClick={() => setOpen(true)}>
        <ReceiptText aria-hidden="true" className="size-4" />
        Request Refund
      </button>
      <RefundOptionsDialog
        bookingId={bookingId}
        paid
        open={open}
        onOpenChange={setOpen}
        // Opened from here, a cancel reads the booking list again (the card leaves it).
        onCancelled={onChanged}
        onRequested={(created) => {
          setSubmitted(created);
          onChanged();
        }}
      />
    </>
  );
}

/**
 * 'Cancel Booking': the same dialog, which cancels under the policy or asks the organiser instead
 *; for a seat nothing was paid for, it only asks whether to cancel.
 */
export function CancelBookingAction({
  bookingId,
  email,
  isPaid,
  finalPrice,
  onCancelled,
}: {
  bookingId: number;
  email: string;
  isPaid: boolean;
  /** Dollars. */
  finalPrice: number;
  onCancelled: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={smallButtonClasses('ghost')} onClick={() => setOpen(true)}>
        <CalendarX2 aria-hidden="true" className="size-4" />
        Cancel Booking
      </button>
      <RefundOptionsDialog bookingId={bookingId} paid={paidFor(isPaid, finalPrice)} open={open} onOpenChange={setOpen} email={email} onCancelled={onCancelled} />
    </>
  );
}
