import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { FormButtons, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { CheckboxField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { refusalMessage } from '../../../../client/lib/api-client';
import { useStepInPlace } from '../../../../client/lib/use-step-in-place';
import { formatUsd } from '../../../../common/money';
import {
  cancelOrderDialogSchema,
  markPaidFormSchema,
  type AdminCancelOrderInput,
  type AdminOrder,
  type CancelOrderDialogForm,
  type OrderRefundChoice,
} from '../../admin-bookings.schema';
import { fullName } from '../../booking-labels';
import { useCancelOrder, useMarkOrderPaid, useResendOrder } from '../api/order-actions';

type Action = 'cancel' | 'mark-paid' | 'resend';
type Seat = AdminOrder['seats'][number];

const holdsSeat = (seat: Seat) => seat.status === 'reserved' || seat.status === 'confirmed';
const seatsWord = (count: number) => (count === 1 ? '1 seat' : `${count} seats`);
/** 'Ann Seat, Bo Lee and 2 unnamed seats held by the buyer'. */
function names(seats: Seat[]): string {
  const parts = seats.filter((seat) => seat.named).map(fullName);
  const unnamed = seats.length - parts.length;
  if (unnamed > 0) parts.push(unnamed === 1 ? 'the unnamed seat held by the buyer' : `${unnamed} unnamed seats held by the buyer`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
/** Why an action failed, in the server's words when it gave them. */
const failure = (error: unknown) => refusalMessage(error) ?? 'Something went wrong. Please try again.';

/** The actions this order allows now: nothing is offered that its state refuses. */
export function orderActionsFor(order: AdminOrder): Action[] {
  const live = order.seats.filter(holdsSeat);
  const actions: Action[] = [];
  if (live.length > 0) actions.push('cancel');
  if (order.paymentMode === 'pay_later' && order.seats.some((seat) => seat.status === 'reserved')) actions.push('mark-paid');
  // A confirmation exists for a reservation, a paid seat or a free one (not for a confirmed seat never paid).
  if (live.some((seat) => seat.status === 'reserved' || seat.isPaid || seat.finalPrice === 0)) actions.push('resend');
  return actions;
}

/** A radio with its label and a line under it, 44 px tall for a thumb. */
function Choice({ label, hint, value, registration }: { label: string; hint?: string; value: OrderRefundChoice; registration: UseFormRegisterReturn }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-brutal border-2 border-ink bg-white px-3 py-2 has-[:checked]:bg-accent-soft">
      <input type="radio" value={value} className="mt-0.5 size-5 shrink-0 accent-ink" {...registration} />
      <span>
        <span className="block font-bold">{label}</span>
        {hint ? <span className="block text-xs text-ink-soft">{hint}</span> : null}
      </span>
    </label>
  );
}

/** The step a chosen action takes: its heading gets the focus, so a keyboard or screen reader lands on it. */
function Step({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-3 rounded-brutal border-2 border-ink bg-white p-3 sm:p-4">
      <h4 ref={heading} tabIndex={-1} className="text-base font-extrabold outline-none">
        {title}
      </h4>
      {children}
    </div>
  );
}

function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-brutal border-2 border-danger bg-danger/10 px-3 py-2 text-sm font-bold text-danger">
      {failure(error)}
    </p>
  );
}

const POLICY_WORDS = { 'full-refund': 'a full refund, 7 days or more before the workshop', 'half-refund': '50%, inside 7 days of the workshop', none: '' } as const;

/** Cancel order: the refund choices the order's money allows, what goes back shown before confirming. */
function CancelOrderStep({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const { refundable, policy, creditSeats } = order.cancellation;
  const live = order.seats.filter(holdsSeat);
  const paidAtAll = live.some((seat) => seat.isPaid && seat.finalPrice > 0);
  const cancelling = useCancelOrder();
  const schema = useMemo(() => cancelOrderDialogSchema(refundable), [refundable]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CancelOrderDialogForm, unknown, AdminCancelOrderInput>({
    resolver: zodResolver(schema),
    defaultValues: { refund: refundable > 0 ? 'full' : paidAtAll ? 'outside' : 'none', amount: '', notify: true },
  });
  const [refund, amount] = useWatch({ control, name: ['refund', 'amount'] });
  const typed = Number(amount);

  // What goes back by card with the choice made so far, and the button naming it.
  const back = refund === 'full' ? refundable : refund === 'policy' ? policy.amount : refund === 'custom' && typed > 0 ? typed : 0;
  let outcome = 'No money goes back through the site.';
  if (refund === 'full' || refund === 'policy' || refund === 'custom') outcome = back > 0 ? `${formatUsd(back)} goes back to the card.` : 'Type the amount to refund.';
  else if (refund === 'credit') outcome = `${creditSeats === 1 ? 'The paid seat gets' : `Each of the ${creditSeats} paid seats gets`} a single-use credit code, e-mailed, instead of money.`;
  else if (refund === 'outside') outcome = 'The money is settled outside the site (bank transfer, cash): nothing is sent to the card.';
  const label = back > 0 ? `Cancel order and refund ${formatUsd(back)}` : 'Cancel order';

  const onSubmit = handleSubmit((input) =>
    cancelling.mutate(
      { orderId: order.id, input },
      {
        onSuccess: (result) => {
          toast({ title: 'Order Cancelled', description: result.message, variant: result.refundAmount > 0 && !result.refundSent ? 'destructive' : 'default' });
          onDone();
        },
      },
    ),
  );

  return (
    <Step title={`Cancel the whole order (${seatsWord(live.length)})?`}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
        <p>
          {live.length === 1 ? 'Its seat goes' : `${seatsWord(live.length)} go`} back on sale: {names(live)}.
        </p>
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-bold">Refund</legend>
          {refundable > 0 ? <Choice label={`Refund everything left: ${formatUsd(refundable)} by card`} value="full" registration={register('refund')} /> : null}
          {refundable > 0 && policy.kind !== 'none' && policy.amount > 0 ? (
            <Choice label={`Refund under the policy: ${formatUsd(policy.amount)} by card`} hint={POLICY_WORDS[policy.kind]} value="policy" registration={register('refund')} />
          ) : null}
          {refundable > 0 ? <Choice label="Refund a chosen amount by card" hint={`At most ${formatUsd(refundable)}, spread over the seats`} value="custom" registration={register('refund')} /> : null}
          {creditSeats > 0 ? <Choice label="A credit code instead of money" hint={`${seatsWord(creditSeats)}, one code each, valid a year`} value="credit" registration={register('refund')} /> : null}
          {paidAtAll ? <Choice label="Refund outside the site" value="outside" registration={register('refund')} /> : null}
          <Choice label="No refund" value="none" registration={register('refund')} />
        </fieldset>
        {refund === 'custom' ? (
          <TextField
            id={`order-${order.id}-amount`}
            label="Refund amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder={refundable.toFixed(2)}
            error={errors.amount?.message}
            registration={register('amount')}
          />
        ) : null}
        <p className="rounded-brutal border-2 border-dashed border-ink px-3 py-2 font-bold" aria-live="polite">
          {outcome}
        </p>
        <CheckboxField id={`order-${order.id}-notify`} label="E-mail each participant about the cancellation" registration={register('notify')} />
        <ErrorText error={cancelling.error} />
        <FormButtons onCancel={onDone} cancelLabel="Keep order" label={label} busy={cancelling.isPending} busyLabel="Cancelling…" tone="danger" />
      </form>
    </Step>
  );
}

/** Mark the order's reservations paid outside the site, with how it was paid for the audit log. */
function MarkOrderPaidStep({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const reserved = order.seats.filter((seat) => seat.status === 'reserved');
  const total = reserved.reduce((sum, seat) => sum + seat.finalPrice, 0);
  const marking = useMarkOrderPaid();
  const { field, handleSubmit } = useSchemaForm(markPaidFormSchema, { note: '' });
  const onSubmit = handleSubmit((input) =>
    marking.mutate(
      { orderId: order.id, input },
      {
        onSuccess: (result) => {
          toast({ title: 'Order Marked as Paid', description: result.message });
          onDone();
        },
      },
    ),
  );
  return (
    <Step title={`Mark ${seatsWord(reserved.length)} as paid?`}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
        <p>
          Only when <strong>{formatUsd(total)}</strong> has reached you another way (bank transfer, cash). Every reservation of this order becomes a confirmed, paid
          seat, its pay link stops working, and the buyer gets the order confirmation.
        </p>
        <TextField label="How was it paid?" optional placeholder="Bank transfer, reference…" autoComplete="off" {...field('note')} />
        <ErrorText error={marking.error} />
        <FormButtons onCancel={onDone} label={`Mark ${formatUsd(total)} as paid`} busy={marking.isPending} busyLabel="Saving…" />
      </form>
    </Step>
  );
}

/** Send the order's confirmations again. */
function ResendOrderStep({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const resending = useResendOrder();
  const named = order.seats.filter((seat) => holdsSeat(seat) && seat.named && seat.email.toLowerCase() !== order.buyer.email.toLowerCase());
  const send = () =>
    resending.mutate(
      { orderId: order.id },
      {
        onSuccess: (result) => {
          toast({ title: 'Confirmation Sent', description: result.message });
          onDone();
        },
      },
    );
  return (
    <Step title="Send the confirmations again?">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        className="space-y-3"
      >
        <p>
          The buyer ({order.buyer.email}) gets the order confirmation again
          {named.length > 0 ? `, and ${names(named)} ${named.length === 1 ? 'gets their' : 'each get their'} own` : ''}.
        </p>
        <ErrorText error={resending.error} />
        <FormButtons onCancel={onDone} label="Send again" busy={resending.isPending} busyLabel="Sending…" />
      </form>
    </Step>
  );
}

const ACTION_LABELS: Record<Action, string> = { cancel: 'Cancel order…', 'mark-paid': 'Mark order paid…', resend: 'Resend confirmation…' };

/**
 * The order's actions, on every seat at once: each opens its step in place (a confirmation with
 * what will happen, the money shown before it goes), and only those the order's state allows are
 * offered. Leaving a step gives the focus back to its button.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  // Back to the action's button; when the order no longer offers it (a cancelled order), to the area.
  const { action, open, close, area, buttonRef } = useStepInPlace<Action, HTMLDivElement>();
  const allowed = orderActionsFor(order);
  let body: ReactNode;
  if (allowed.length === 0) body = <p className="text-ink-soft">No seat of this order is booked any more, so there is nothing to act on.</p>;
  else if (action === 'cancel') body = <CancelOrderStep order={order} onDone={close} />;
  else if (action === 'mark-paid') body = <MarkOrderPaidStep order={order} onDone={close} />;
  else if (action === 'resend') body = <ResendOrderStep order={order} onDone={close} />;
  else {
    body = (
      <div className="flex flex-wrap gap-2">
        {allowed.map((name) => (
          <button
            key={name}
            type="button"
            ref={buttonRef(name)}
            className={smallButtonClasses(name === 'cancel' ? 'danger' : 'secondary')}
            onClick={() => open(name)}
          >
            {ACTION_LABELS[name]}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div ref={area} tabIndex={-1} className="outline-none">
      {body}
    </div>
  );
}
