import { BadgeCheck } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../../client/components/ui/button';
import { controlClasses, FieldError, FieldLabel } from '../../../../client/components/ui/form';
import { ApiError, refusalMessage } from '../../../../client/lib/api-client';
import { formatUsd } from '../../../../common/money';
import { discountCheckSchema, type DiscountCheckResponse } from '../../booking.schema';
import { useCheckDiscountCode } from '../api/check-discount-code';

export const PICK_DATE_FIRST = 'Pick a workshop date first to see the price with this code.';
export const DATE_GONE = 'This workshop date is no longer available. Please pick another date.';
export const CHECK_FAILED = "We couldn't check the code just now. Please try again.";

const keyOf = (workshopDateId: unknown, code: string | undefined) => `${String(workshopDateId ?? '')}|${(code ?? '').trim().toUpperCase()}`;

/** '$499.00 → $399.20 with SPRING20'; a free seat says so. */
export function appliedText(result: DiscountCheckResponse): string {
  const text = `${formatUsd(result.originalPrice)} → ${formatUsd(result.finalPrice)} with ${result.code}`;
  return result.isFree ? `${text}: your seat is free` : text;
}

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return DATE_GONE;
  return refusalMessage(error) ?? CHECK_FAILED;
}

/**
 * The Apply button's state for the code and date now in the form. An answer
 * belongs to the code and date it was asked for, so changing either clears it.
 */
export function useDiscountCheck(workshopDateId: unknown, code: string | undefined) {
  const mutation = useCheckDiscountCode();
  const [local, setLocal] = useState<{ key: string; message: string }>();
  const current = keyOf(workshopDateId, code);
  const shown = mutation.variables !== undefined && keyOf(mutation.variables.workshopDateId, mutation.variables.code) === current;
  const error = local?.key === current ? local.message : shown && mutation.isError ? failureText(mutation.error) : undefined;
  return {
    pending: shown && mutation.isPending,
    applied: shown && mutation.isSuccess ? mutation.data : undefined,
    error,
    apply: () => {
      const noDate = workshopDateId === '' || workshopDateId === undefined || workshopDateId === null;
      const parsed = discountCheckSchema.safeParse({ workshopDateId, code });
      if (noDate || !parsed.success) {
        mutation.reset();
        setLocal({ key: current, message: noDate ? PICK_DATE_FIRST : (parsed.error?.issues[0]?.message ?? CHECK_FAILED) });
        return;
      }
      setLocal(undefined);
      mutation.mutate(parsed.data);
    },
  };
}

type Check = ReturnType<typeof useDiscountCheck>;

/** The discount code field with its Apply button; Enter in the field applies instead of submitting. */
export function DiscountCodeField({ registration, formError, check }: { registration: UseFormRegisterReturn; formError?: string; check: Check }) {
  const id = 'booking-discount-code';
  const error = formError ?? check.error;
  const describedBy = ['booking-discount-code-optional', error ? `${id}-error` : '', check.applied ? `${id}-applied` : ''].filter(Boolean).join(' ');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    check.apply();
  };
  return (
    <div>
      <FieldLabel id={id} label="Discount code" optional />
      <div className="flex gap-2">
        <input
          id={id}
          // Shown as codes are stored and read back everywhere after (the form sends it upper case).
          className={`${controlClasses} uppercase`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={onKeyDown}
          {...registration}
        />
        <Button variant="ink" className="shrink-0 uppercase tracking-label" onClick={check.apply} disabled={check.pending} aria-describedby={`${id}-status`}>
          {check.pending ? 'Checking…' : 'Apply'}
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <p id={`${id}-status`} role="status" className="empty:hidden">
        {check.applied && !error ? (
          <span id={`${id}-applied`} className="mt-2 inline-flex items-center gap-1.5 rounded-brutal border-2 border-ink bg-success-soft px-2.5 py-1 text-sm font-bold">
            <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
            {appliedText(check.applied)}
          </span>
        ) : null}
      </p>
    </div>
  );
}
