import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { createQueryClient } from '../lib/query-client';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { AppRouter } from './router';

// Radix toast is only needed once something is announced; it loads after the first paint.
const Toaster = lazy(() => import('../components/ui/toast'));

/** A new screen starts at the top, unless the address names a section to jump to. */
function useScrollToTopOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location]);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  useScrollToTopOnNavigate();
  return (
    <QueryClientProvider client={queryClient}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-brutal focus:border-2 focus:border-ink focus:bg-accent focus:px-4 focus:py-3 focus:font-extrabold"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <AppRouter />
        </main>
        <SiteFooter />
      </div>
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
