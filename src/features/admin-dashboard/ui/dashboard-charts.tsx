import { BarChart, LineChart, type BarChartOptions, type LineChartOptions } from 'chartist';
import 'chartist/dist/index.css';
import './dashboard-charts.css';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { formatPrice, formatUsd } from '../../../common/money';
import { ErrorState } from '../../../client/components/ui/data-table';
import { SkeletonGrid } from '../../../client/components/ui/skeleton';
import type { AdminStats } from '../admin-dashboard.schema';
import { useAdminStats } from './api/get-admin-stats';
import { withWeekday } from '../../../common/dates';

/**
 * The business at a glance: bookings and revenue per week, and how full each
 * upcoming workshop is. Chartist draws small responsive SVG charts (about 12 kB compressed, in the
 * admin chunk only); each chart also offers its numbers as a table for screen readers and copying.
 */

/** Labels along one axis, one row of numbers per series. */
type SeriesData = { labels: string[]; series: number[][] };

type ChartKind = { type: 'bar'; options: BarChartOptions } | { type: 'line'; options: LineChartOptions };

function Chart({ data, kind, label }: { data: SeriesData; kind: ChartKind; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const chart = kind.type === 'bar' ? new BarChart(host.current, data, kind.options) : new LineChart(host.current, data, kind.options);
    return () => {
      chart.detach();
    };
  }, [data, kind]);
  // The SVG is decoration for sighted users; the table below carries the same numbers.
  return <div ref={host} role="img" aria-label={label} className="ct-admin h-56 w-full" />;
}

function DataTableDetails({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-bold">Show numbers</summary>
      <table className="mt-1 w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">{head[0]}</th>
            <th scope="col" className="py-1">{head[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([a, b], i) => (
            <tr key={i} className="border-t border-paper-deep">
              <td className="py-1 pr-3">{a}</td>
              <td className="py-1 tabular-nums">{b}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="w-[85%] shrink-0 snap-start rounded-brutal sm:w-[60%] lg:w-auto lg:min-w-0 border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <h2 className="text-sm font-extrabold uppercase tracking-label">{title}</h2>
      {children}
    </section>
  );
}

const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** 'Nov 16' for the week starting on that Monday. */
export const formatWeek = (weekStart: string) => weekLabel.format(new Date(`${weekStart}T00:00:00Z`));

/** '$1.2k' on a crowded axis; whole dollars below a thousand. */
export function compactUsd(value: number): string {
  if (Math.abs(value) >= 1000) return `$${(value / 1000).toFixed(value % 1000 === 0 ? 0 : 1)}k`;
  return formatPrice(value);
}

/** Every other label on a phone-width axis, so twelve weeks stay readable. */
const sparseLabel = (value: string | number, index: number) => (index % 2 === 0 ? String(value) : null);

const bookingsChart: ChartKind = {
  type: 'bar',
  options: { axisX: { showGrid: false, labelInterpolationFnc: sparseLabel }, axisY: { onlyInteger: true, offset: 28 }, chartPadding: { top: 12, right: 4, bottom: 0, left: 0 } },
};
const revenueChart: ChartKind = {
  type: 'line',
  options: {
    low: 0,
    // Straight segments: a smoothed curve would suggest revenue between weeks that never happened.
    lineSmooth: false,
    showArea: true,
    fullWidth: true,
    axisX: { showGrid: false, labelInterpolationFnc: sparseLabel },
    axisY: { offset: 44, labelInterpolationFnc: (value: string | number) => compactUsd(Number(value)) },
    chartPadding: { top: 12, right: 12, bottom: 0, left: 0 },
  },
};
/** How full a workshop is, in whole percent (a date with no seats counts as empty). */
export function percentFilled(workshop: { seatsTaken: number; seatsTotal: number }): number {
  if (workshop.seatsTotal <= 0) return 0;
  return Math.min(100, Math.round((workshop.seatsTaken / workshop.seatsTotal) * 100));
}

const seatsChart: ChartKind = {
  type: 'bar',
  options: {
    horizontalBars: true,
    stackBars: true,
    // Every bar on one 0–100 % scale, so a 12-seat and a 40-seat date compare at a glance.
    low: 0,
    high: 100,
    axisY: { offset: 52, showGrid: false },
    axisX: { showGrid: true, labelInterpolationFnc: (value: string | number) => `${value}%` },
    // Room on the right for the '100%' under the end of the axis, which was cut off.
    chartPadding: { top: 8, right: 28, bottom: 4, left: 0 },
  },
};

/** A short axis label for an upcoming workshop: its date ('Jul 4') or 'TBC'. */
function workshopLabel(workshop: AdminStats['upcoming'][number]): string {
  if (workshop.isTBC) return 'TBC';
  const parsed = Date.parse(`${workshop.date} UTC`);
  return Number.isNaN(parsed) ? workshop.date : weekLabel.format(new Date(parsed));
}

function Charts({ stats }: { stats: AdminStats }) {
  // Built once per answer: a new object would make each chart redraw on every render.
  const { weeks, totalBookings, totalRevenue, bookingsData, revenueData, seatsData } = useMemo(() => {
    const weeks = stats.weekly.map((w) => formatWeek(w.weekStart));
    // Horizontal bars draw bottom-up: reversed, the soonest workshop is on top.
    const upcoming = [...stats.upcoming].reverse();
    return {
      weeks,
      totalBookings: stats.weekly.reduce((sum, w) => sum + w.bookings, 0),
      totalRevenue: stats.weekly.reduce((sum, w) => sum + w.revenue, 0),
      bookingsData: { labels: weeks, series: [stats.weekly.map((w) => w.bookings)] } satisfies SeriesData,
      revenueData: { labels: weeks, series: [stats.weekly.map((w) => w.revenue)] } satisfies SeriesData,
      // Two stacked series, % taken (accent) and % free (paper): each bar reads as "how full".
      seatsData: {
        labels: upcoming.map(workshopLabel),
        series: [upcoming.map(percentFilled), upcoming.map((w) => 100 - percentFilled(w))],
      } satisfies SeriesData,
    };
  }, [stats]);

  return (
    // On a phone the three charts sit side by side in a swipeable row, so the tabs stay close.
    <div className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 lg:mx-0 lg:grid lg:grid-cols-3 lg:overflow-visible lg:px-0 lg:pb-0">
      <Panel title="Bookings per week">
        <Chart data={bookingsData} kind={bookingsChart} label={`Bookings per week over the last ${weeks.length} weeks: ${totalBookings} in total`} />
        <DataTableDetails caption="Bookings per week" head={['Week of', 'Bookings']} rows={stats.weekly.map((w) => [formatWeek(w.weekStart), String(w.bookings)])} />
      </Panel>
      <Panel title="Revenue per week">
        <Chart data={revenueData} kind={revenueChart} label={`Revenue per week over the last ${weeks.length} weeks: ${formatUsd(totalRevenue)} in total`} />
        <DataTableDetails caption="Revenue per week" head={['Week of', 'Revenue']} rows={stats.weekly.map((w) => [formatWeek(w.weekStart), formatUsd(w.revenue)])} />
      </Panel>
      <Panel title="Seats filled">
        {stats.upcoming.length === 0 ? (
          <p className="mt-3 text-sm text-ink-soft">No upcoming workshops. Add one in the Workshops tab.</p>
        ) : (
          <>
            <Chart
              data={seatsData}
              kind={seatsChart}
              label={`Seats filled in ${stats.upcoming.length} upcoming workshops: ${stats.upcoming.map((w) => `${workshopLabel(w)} ${percentFilled(w)}%`).join(', ')}`}
            />
            <DataTableDetails
              caption="Seats filled per upcoming workshop"
              head={['Workshop', 'Seats filled']}
              rows={stats.upcoming.map((w) => [`${w.title} (${w.isTBC ? 'TBC' : withWeekday(w.date)})`, `${percentFilled(w)}% (${w.seatsTaken} / ${w.seatsTotal})`])}
            />
          </>
        )}
      </Panel>
    </div>
  );
}

export default function DashboardCharts() {
  const { data, isPending, isError, refetch } = useAdminStats();
  if (isPending) return <SkeletonGrid count={3} gridClassName="grid gap-4 lg:grid-cols-3" blockClassName="h-72" />;
  if (isError) return <ErrorState message="Failed to load the charts." onRetry={() => void refetch()} />;
  return <Charts stats={data} />;
}
