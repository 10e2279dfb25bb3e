import { ExternalLink, LogOut, Mail } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useLeaveAdmin, useLoggingOut, useLogout } from '../../../../features/admin-auth/ui/api/logout';
import { SummaryCards } from '../../../../features/admin-dashboard/ui/summary-cards';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { ErrorBoundary } from '../../../../client/components/ui/error-boundary';
import { Spinner } from '../../../../client/components/ui/spinner';
import { toast } from '../../../../client/components/ui/toast-store';
import { AdminNav, AdminNavDrawer } from './admin-nav';
import { adminSectionFor, type AdminSection } from './admin-sections';

/** The open section lives in the address (?tab=bookings): reload, Back and shared links keep it. */
function useSectionInAddress(): AdminSection {
  return adminSectionFor(new URLSearchParams(useSearch()).get('tab'));
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

/**
 * /admin as one workspace: the sections in a sidebar (a drawer below laptop width), the
 * heading, logout and the summary cards on top, and the open section under them, so every
 * section starts within the first screen.
 */
export default function AdminDashboardPage() {
  const section = useSectionInAddress();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once Logout is pressed the sections make way: a part still loading its code would otherwise
  // mount and ask for data the ending session no longer gets.
  const loggingOut = useLoggingOut();
  return (
    <div className="mx-auto flex w-full max-w-[100rem]">
      <aside className="hidden w-60 shrink-0 border-r-2 border-ink bg-white lg:block">
        <div className="sticky top-0 max-h-dvh overflow-y-auto p-3">
          <AdminNav current={section.value} compact />
        </div>
      </aside>
      <div className="min-w-0 flex-1 px-4 py-6 sm:px-6">
        <header className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <AdminNavDrawer current={section.value} open={drawerOpen} onOpenChange={setDrawerOpen} />
            <h1 className="text-xl font-extrabold sm:text-3xl">Admin Dashboard</h1>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link href="/email-debug" className={smallButtonClasses('ghost')}>
              <Mail aria-hidden="true" className="size-4" />
              {/* On a phone the three header links are icons with their names for screen readers. */}
              <span className="sr-only sm:not-sr-only">Email debugging</span>
            </Link>
            <a href="/" className={smallButtonClasses('ghost')}>
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">View site</span>
            </a>
            <LogoutButton />
          </div>
        </header>
        {loggingOut ? <Spinner label="Logging out…" /> : <Workspace section={section} />}
      </div>
    </div>
  );
}

function Workspace({ section }: { section: AdminSection }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(section.value);
  // A section opened from the menu moves focus to its heading, as a page change would; the first
  // section shown keeps focus where the browser put it.
  useEffect(() => {
    if (shown.current === section.value) return;
    shown.current = section.value;
    heading.current?.focus({ preventScroll: true });
  }, [section.value]);
  const { Panel, label } = section;
  return (
    <>
      <SummaryCards />
      {/* Not a named region: the section's main table is one, under the same name. */}
      <div id="admin-section" className="mt-6 min-w-0">
        <h2 id="admin-section-heading" ref={heading} tabIndex={-1} className="mb-4 text-xl font-extrabold outline-none">
          {label}
        </h2>
        <ErrorBoundary key={section.value}>
          <Suspense fallback={<Spinner label={`Loading ${label.toLowerCase()}…`} />}>
            <Panel />
          </Suspense>
        </ErrorBoundary>
      </div>
    </>
  );
}
