import { Gift } from 'lucide-react';
import { useState } from 'react';
import { checkoutMessages } from '../checkout-messages';
import { PaymentActions, PaymentPanel } from './payment-panel';

type Props = {
  /** Books the free seat; resolves true when done (the page then moves on), false to allow a retry. */
  onConfirm: () => Promise<boolean>;
  onBack: () => void;
};

/** The free variant: the discount code covers the whole fee. */
export function FreeBookingPanel({ onConfirm, onBack }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    // After success the button stays disabled until the page moves on.
    if (!(await onConfirm())) setBusy(false);
  };
  return (
    <PaymentPanel headingId="payment-heading" title="Free Booking" badge={<Gift aria-hidden="true" className="size-6" />}>
      <p className="mt-3">{checkoutMessages.freeBookingText}</p>
      <PaymentActions onBack={onBack} primaryLabel="CONFIRM FREE BOOKING" busy={busy} onPrimary={() => void confirm()} />
    </PaymentPanel>
  );
}
