import { formatUsd } from '../../../../../common/money';
import { Skeleton } from '../../../../../client/components/ui/skeleton';
import { CONTACT_EMAIL } from '../../../../../client/lib/site-info';
import type { PaymentIntentResponse } from '../../../booking.schema';

type Props = {
  /** The server's figures from POST /api/create-payment-intent; undefined while payment is set up. */
  price: Pick<PaymentIntentResponse, 'originalPrice' | 'discountAmount' | 'discountPercent' | 'amount' | 'isFree' | 'seats'> | undefined;
  /** Whether the visitor gave a code: without one there is no discount row to show. */
  withCode: boolean;
};

/** 'Discount (100%)' when free, 'Discount (10%)' for a percentage, else 'Discount'. */
function discountLabel(price: Props['price']): string {
  if (!price) return 'Discount';
  if (price.isFree) return 'Discount (100%)';
  return price.discountPercent > 0 ? `Discount (${price.discountPercent}%)` : 'Discount';
}

/** Workshop Fee, Discount (when a code was given) and Total, plus the note for people who find the price a stretch. */
export function PriceSummary({ price, withCode }: Props) {
  const amount = (value: number | undefined, prefix = '') =>
    value === undefined ? <Skeleton className="h-5 w-20" /> : `${prefix}${formatUsd(value)}`;
  const discount = price?.discountAmount;
  const total = price ? (price.isFree ? 0 : price.amount) : undefined;

  return (
    <section
      aria-labelledby="price-heading"
      aria-busy={price ? undefined : true}
      className="rounded-brutal border-2 border-ink bg-accent-soft p-6 shadow-brutal"
    >
      <h2 id="price-heading" className="text-lg font-black">
        Price
      </h2>
      <dl className="mt-4 grid gap-2">
        <div className="flex items-center justify-between gap-4">
          <dt>{price && price.seats > 1 ? `Workshop Fee (${price.seats} seats × ${formatUsd(price.originalPrice / price.seats)})` : 'Workshop Fee'}</dt>
          <dd className="font-semibold">{amount(price?.originalPrice)}</dd>
        </div>
        {withCode || discount ? (
          <div className="flex items-center justify-between gap-4">
            <dt>{discountLabel(price)}</dt>
            <dd className="font-semibold">{amount(discount, discount ? '−' : '')}</dd>
          </div>
        ) : null}
        <div className="mt-2 flex items-center justify-between gap-4 border-t-2 border-ink pt-3 text-lg">
          <dt className="font-black">Total</dt>
          <dd className="font-black" data-testid="checkout-total">
            {amount(total)}
          </dd>
        </div>
      </dl>
      <p className="mt-5 text-sm">
        Is the price a stretch right now? Email us at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`} className="font-bold underline decoration-2 underline-offset-4">
          {CONTACT_EMAIL}
        </a>{' '}
        and tell us what you can afford.
      </p>
    </section>
  );
}
