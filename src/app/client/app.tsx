import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isAdminPagePath } from '../../common/route-meta';
import { ErrorBoundary } from '../../client/components/ui/error-boundary';
import { SkipLink } from '../../client/components/ui/skip-link';
import { Spinner } from '../../client/components/ui/spinner';
import { BrandNameProvider } from '../../client/lib/brand-name';
import { createQueryClient } from '../../client/lib/query-client';
import { BookedOutActionProvider } from '../../features/booking/ui/booked-out-action';
import { JoinWaitlistAction } from '../../features/waitlist/ui/join-waitlist-action';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { AppRouter } from './router';

// Radix toast is only needed once something is announced; it loads after the first paint.
const Toaster = lazy(() => import('../../client/components/ui/toast'));
// The admin screens are a chunk of their own: public pages never download them.
const AdminArea = lazy(() => import('./routes/admin/admin-area'));

/**
 * A new screen starts at the top, unless the address names a section to jump to. Only on
 * navigation: on arrival the browser places the page itself, and a visitor who has begun to scroll
 * the prerendered landing page before the app takes over keeps their place.
 */
function useScrollToTopOnNavigate() {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location]);
}

/**
 * `queryClient` is the one the page's data came in (server rendering, hydration); a new one
 * otherwise. `brandName`: the one the page was served with (Settings › General).
 */
export function App({ queryClient: given, brandName: served }: { queryClient?: QueryClient; brandName: string }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [brandName, setBrandName] = useState(served);
  const brand = useMemo(() => ({ brandName, saved: setBrandName }), [brandName]);
  const [location] = useLocation();
  useScrollToTopOnNavigate();
  return (
    <QueryClientProvider client={queryClient}>
      <BrandNameProvider value={brand}>
        {isAdminPagePath(location) ? (
          <Suspense fallback={<Spinner label="Loading page…" className="min-h-dvh" />}>
            <AdminArea />
          </Suspense>
        ) : (
          <PublicSite />
        )}
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ErrorBoundary>
      </BrandNameProvider>
    </QueryClientProvider>
  );
}

/**
 * The marketing site's frame: skip link, header, the routed page, footer. A booked-out date offers
 * the waiting list wherever the booking section shows (booking sits below the waiting list).
 */
function PublicSite() {
  return (
    <BookedOutActionProvider value={JoinWaitlistAction}>
      <SkipLink />
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <AppRouter />
        </main>
        <SiteFooter />
      </div>
    </BookedOutActionProvider>
  );
}
