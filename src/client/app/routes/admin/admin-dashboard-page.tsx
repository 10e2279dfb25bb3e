import * as Tabs from '@radix-ui/react-tabs';
import { ExternalLink, LogOut, Mail } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useLeaveAdmin, useLoggingOut, useLogout } from '../../../../features/admin-auth/ui/api/logout';
import { useAdminSummary } from '../../../../features/admin-dashboard/ui/api/get-admin-summary';
import { SummaryCards } from '../../../../features/admin-dashboard/ui/summary-cards';
import { smallButtonClasses } from '../../../components/ui/dialog';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, isAdminTab } from './admin-tabs';

// Chartist and its styles load after the cards, in their own chunk.
const DashboardCharts = lazy(() => import('../../../../features/admin-dashboard/ui/dashboard-charts'));

function MessagesBadge() {
  const { data } = useAdminSummary();
  const unread = data?.unreadMessages ?? 0;
  if (unread === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full border-2 border-ink bg-accent px-1.5 text-xs leading-5 font-extrabold">
      {unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** The open tab lives in the address (?tab=bookings), so reloads and shared links keep it. */
function useTabInAddress(): [string, (tab: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(search).get('tab');
  const tab = isAdminTab(requested) ? requested : DEFAULT_ADMIN_TAB;
  const setTab = (next: string) => navigate(next === DEFAULT_ADMIN_TAB ? location : `${location}?tab=${next}`, { replace: true });
  return [tab, setTab];
}

function LogoutButton() {
  const logout = useLogout();
  const leaveAdmin = useLeaveAdmin();
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
        leaveAdmin();
      },
      onError: () => toast({ title: 'Logout failed', description: 'Failed to log out. Please try again.', variant: 'destructive' }),
    });
  return (
    <button type="button" className={smallButtonClasses('secondary')} onClick={onLogout} disabled={logout.isPending}>
      <LogOut aria-hidden="true" className="size-4" />
      {logout.isPending ? 'Logging out…' : 'Logout'}
    </button>
  );
}

/** /admin (spec §2): heading, logout, the three summary cards, the charts and sixteen tabs. */
export default function AdminDashboardPage() {
  // Once Logout is pressed the charts and tabs make way: a part still loading its code would
  // otherwise mount and ask for data the ending session no longer gets.
  const loggingOut = useLoggingOut();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Admin Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <Link href="/email-debug" className={smallButtonClasses('ghost')}>
            <Mail aria-hidden="true" className="size-4" />
            Email debugging
          </Link>
          <a href="/" className={smallButtonClasses('ghost')}>
            <ExternalLink aria-hidden="true" className="size-4" />
            View site
          </a>
          <LogoutButton />
        </div>
      </header>

      {loggingOut ? <Spinner label="Logging out…" /> : <DashboardBody />}
    </div>
  );
}

function DashboardBody() {
  const [tab, setTab] = useTabInAddress();
  return (
    <>
      <SummaryCards />

      <div className="mt-4">
        <ErrorBoundary fallback={null}>
          <Suspense fallback={<Skeleton className="h-72" />}>
            <DashboardCharts />
          </Suspense>
        </ErrorBoundary>
      </div>

      <Tabs.Root value={tab} onValueChange={setTab} className="mt-8" activationMode="manual">
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1.5 border-b-2 border-ink pb-3">
          {ADMIN_TABS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="inline-flex min-h-11 items-center rounded-brutal border-2 border-transparent px-3 text-sm font-bold hover:bg-paper-deep data-[state=active]:border-ink data-[state=active]:bg-accent data-[state=active]:shadow-brutal-sm"
            >
              {label}
              {value === 'messages' ? <MessagesBadge /> : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map(({ value, label, Panel }) => (
          <Tabs.Content key={value} value={value} className="pt-5 outline-none">
            <h2 className="mb-4 text-xl font-extrabold">{label}</h2>
            <ErrorBoundary>
              <Suspense fallback={<Spinner label={`Loading ${label.toLowerCase()}…`} />}>
                <Panel />
              </Suspense>
            </ErrorBoundary>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
