import { lazy, Suspense } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { routeMetaFor } from '../../../../common/route-meta';
import { AdminGuard } from '../../../../features/admin-auth/ui/admin-guard';
import { ErrorBoundary } from '../../../../client/components/ui/error-boundary';
import { SkipLink } from '../../../../client/components/ui/skip-link';
import { Spinner } from '../../../../client/components/ui/spinner';
import { useBrandName } from '../../../../client/lib/brand-name';
import { useRouteMeta } from '../../../../client/lib/use-route-meta';

const AdminLoginPage = lazy(() => import('../../../../features/admin-auth/ui/admin-login-page'));
const AdminDashboardPage = lazy(() => import('./admin-dashboard-page'));
const EmailDebugPage = lazy(() => import('./email-debug-page'));
const RosterPage = lazy(() => import('../../../../features/roster/ui/roster-page'));

/**
 * The admin screens (/admin, /admin/login2, /email-debug, a date's roster): one lazy chunk that public pages never
 * load, with a quiet bar of its own instead of the marketing header and footer.
 */
export default function AdminArea() {
  const [location] = useLocation();
  const brandName = useBrandName();
  useRouteMeta(routeMetaFor(location));
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <SkipLink />
      <header className="border-b-2 border-ink bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center px-4 sm:px-6">
          <Link href="/" className="min-w-0 truncate font-extrabold tracking-label uppercase">
            {brandName} <span className="text-ink-soft">Admin</span>
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary key={location}>
          <Suspense fallback={<Spinner label="Loading page…" className="min-h-[60vh]" />}>
            <Switch>
              <Route path="/admin/login2" component={AdminLoginPage} />
              <Route path="/admin/workshops/:id/roster">
                <AdminGuard>
                  <RosterPage />
                </AdminGuard>
              </Route>
              <Route path="/admin">
                <AdminGuard>
                  <AdminDashboardPage />
                </AdminGuard>
              </Route>
              <Route path="/email-debug">
                <AdminGuard>
                  <EmailDebugPage />
                </AdminGuard>
              </Route>
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
