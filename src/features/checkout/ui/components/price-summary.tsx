import { formatUsd } from '../../../../common/money';
import { Skeleton } from '../../../../client/components/ui/skeleton';
import { CONTACT_EMAIL } from '../../../../client/lib/site-info';

type Props = {
  /** The workshop fee in dollars; undefined while it loads. */
  fee: number | undefined;
  /** The discount in dollars, as the server computes it when payment starts (0 until then). */
  discount: number;
};

/** Workshop Fee, Discount and Total, plus the note for people who find the price a stretch. */
export function PriceSummary({ fee, discount }: Props) {
  const total = fee === undefined ? undefined : Math.max(0, fee - discount);
  const isFullDiscount = fee !== undefined && fee > 0 && discount >= fee;
  const amount = (value: number | undefined, prefix = '') =>
    value === undefined ? <Skeleton className="h-5 w-20" /> : `${prefix}${formatUsd(value)}`;

  return (
    <section aria-labelledby="price-heading" className="rounded-brutal border-2 border-ink bg-accent-soft p-6 shadow-brutal">
      <h2 id="price-heading" className="text-lg font-black">
        Price
      </h2>
      <dl className="mt-4 grid gap-2">
        <div className="flex items-center justify-between gap-4">
          <dt>Workshop Fee</dt>
          <dd className="font-semibold">{amount(fee)}</dd>
        </div>
        <div className="flex items-center justify-between gap-4">
          <dt>{isFullDiscount ? 'Discount (100%)' : 'Discount'}</dt>
          <dd className="font-semibold">{amount(discount, discount > 0 ? '−' : '')}</dd>
        </div>
        <div className="mt-2 flex items-center justify-between gap-4 border-t-2 border-ink pt-3 text-lg">
          <dt className="font-black">Total</dt>
          <dd className="font-black">{amount(total)}</dd>
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
