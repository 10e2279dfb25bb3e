import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../../client/components/ui/button';

/** The frame every payment variant shares: a titled card with BACK and the primary action below. */
export function PaymentPanel({ headingId, title, badge, children }: { headingId: string; title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="rounded-brutal border-2 border-ink bg-white p-6 shadow-brutal">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-black">
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

/**
 * BACK (to '/') and the primary action, which reads `busyLabel` while it works. Below the wide
 * layout the price box comes after the form, out of sight: there the button carries the total.
 */
export function PaymentActions({
  onBack,
  primaryLabel,
  amountDue,
  busyLabel = 'PROCESSING...',
  busy,
  disabled,
  onPrimary,
}: {
  onBack: () => void;
  primaryLabel: string;
  /** The total, formatted ('$449.10'). */
  amountDue?: string;
  busyLabel?: string;
  busy: boolean;
  disabled?: boolean;
  /** Without it the primary button submits the surrounding form. */
  onPrimary?: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button variant="secondary" onClick={onBack} disabled={busy}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        BACK
      </Button>
      <Button type={onPrimary ? 'button' : 'submit'} size="lg" onClick={onPrimary} disabled={busy || disabled}>
        {busy ? (
          busyLabel
        ) : (
          <>
            {primaryLabel}
            {amountDue ? <span className="tabular-nums lg:hidden">· {amountDue}</span> : null}
          </>
        )}
      </Button>
    </div>
  );
}
