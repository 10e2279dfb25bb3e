import { CalendarDays, DollarSign, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../common/money';
import { ErrorState } from '../../../client/components/ui/data-table';
import { Skeleton } from '../../../client/components/ui/skeleton';
import { useAdminSummary } from './api/get-admin-summary';

function Card({ label, icon, value, detail }: { label: string; icon: ReactNode; value: string; detail: string }) {
  return (
    <section aria-label={`${label} summary`} className="rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-extrabold uppercase tracking-label text-ink-soft">{label}</p>
        <span aria-hidden="true" className="inline-flex size-9 items-center justify-center rounded-brutal border-2 border-ink bg-accent-soft">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-3xl font-extrabold tabular-nums">{value}</p>
      <p className="mt-1 text-sm text-ink-soft">{detail}</p>
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Spec §2: active over total workshops, paid over total bookings with the free ones, revenue. */
export function SummaryCards() {
  const { data, isPending, isError, refetch } = useAdminSummary();
  if (isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    );
  }
  if (isError) return <ErrorState message="Failed to load the summary." onRetry={() => void refetch()} />;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Card
        label="Workshops"
        icon={<CalendarDays className="size-5" />}
        value={`${data.activeWorkshops} / ${data.totalWorkshops}`}
        detail={`${plural(data.activeWorkshops, 'active workshop', 'active workshops')} of ${data.totalWorkshops}`}
      />
      <Card
        label="Bookings"
        icon={<Ticket className="size-5" />}
        value={`${data.paidBookings} / ${data.totalBookings}`}
        // Bookings that hold a seat: cancelled and refunded ones (still listed in the Bookings tab) are not counted.
        detail={`paid of ${plural(data.totalBookings, 'active booking', 'active bookings')}, ${data.freeBookings.toLocaleString('en-US')} free`}
      />
      <Card label="Revenue" icon={<DollarSign className="size-5" />} value={formatUsd(data.revenue)} detail="from paid bookings" />
    </div>
  );
}
