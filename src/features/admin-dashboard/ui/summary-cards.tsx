import { CalendarDays, DollarSign, Hourglass, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../common/money';
import { ErrorState } from '../../../client/components/ui/data-table';
import { SkeletonGrid } from '../../../client/components/ui/skeleton';
import { useAdminSummary } from './api/get-admin-summary';

function Card({ label, icon, value, detail }: { label: string; icon: ReactNode; value: string; detail: string }) {
  return (
    <section aria-label={`${label} summary`} className="min-w-0 rounded-brutal border-2 border-ink bg-white px-3 py-2.5 shadow-brutal-sm sm:px-4">
      <div className="flex items-center justify-between gap-2">
        <p className="truncate text-[0.6875rem] font-extrabold uppercase sm:text-xs sm:tracking-label text-ink-soft">{label}</p>
        <span aria-hidden="true" className="hidden size-7 shrink-0 items-center justify-center rounded-brutal border-2 border-ink bg-accent-soft sm:inline-flex">
          {icon}
        </span>
      </div>
      <p className="mt-1 text-sm font-extrabold tabular-nums [overflow-wrap:anywhere] min-[400px]:text-base sm:text-2xl">{value}</p>
      <p className="sr-only text-sm text-ink-soft sm:not-sr-only">{detail}</p>
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

// Two by two on a phone, one row from tablet width up.
const GRID = 'grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-4';

/**
 * Active over total workshops, paid over total bookings with the free ones, revenue;
 * then the people waiting for upcoming dates and the seats they want (docs/decisions/019-waiting-list.md),
 * the demand a new date could meet.
 */
export function SummaryCards() {
  const { data, isPending, isError, refetch } = useAdminSummary();
  if (isPending) return <SkeletonGrid count={4} gridClassName={GRID} blockClassName="h-24" />;
  if (isError) return <ErrorState message="Failed to load the summary." onRetry={() => void refetch()} />;
  return (
    <div className={GRID}>
      <Card
        label="Workshops"
        icon={<CalendarDays className="size-4" />}
        value={`${data.activeWorkshops} / ${data.totalWorkshops}`}
        detail={`${plural(data.activeWorkshops, 'active workshop', 'active workshops')} of ${data.totalWorkshops}`}
      />
      <Card
        label="Bookings"
        icon={<Ticket className="size-4" />}
        value={`${data.paidBookings} / ${data.totalBookings}`}
        // Bookings that hold a seat: cancelled and refunded ones (still listed in the Bookings tab) are not counted.
        detail={`paid of ${plural(data.totalBookings, 'active booking', 'active bookings')}, ${data.freeBookings.toLocaleString('en-US')} free`}
      />
      <Card label="Revenue" icon={<DollarSign className="size-4" />} value={formatUsd(data.revenue)} detail="from paid bookings" />
      <Card
        label="Waiting"
        icon={<Hourglass className="size-4" />}
        value={plural(data.peopleWaiting, 'person', 'people')}
        detail={`on waiting lists, for ${plural(data.seatsWaitedFor, 'seat', 'seats')}`}
      />
    </div>
  );
}
