import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { Spinner } from '../components/ui/spinner';
import { preloadableRoute, type PreloadableRoute } from './preloadable-route';
import { LandingPage } from './routes/landing/landing-page';
import { NotFoundPage } from './routes/not-found-page';

// The landing page ships in the entry chunk; every other screen is its own chunk, loaded on visit.
// The admin screens are routed in app.tsx (their own frame and chunk).
// /intro is prerendered too (scripts/prerender.mjs): loaded ahead of the takeover (main.tsx).
const IntroPage = preloadableRoute(() => import('./routes/intro-page'));
const BlogListPage = lazy(() => import('./routes/blog-list-page'));
const BlogPostPage = lazy(() => import('./routes/blog-post-page'));
const CheckoutPage = lazy(() => import('./routes/checkout-page'));
const ParticipantPage = lazy(() => import('../../features/participant/ui/participant-page'));

export function AppRouter() {
  const [location] = useLocation();
  return (
    // Keyed by path so a screen that failed to load does not stay failed after navigating away.
    <ErrorBoundary key={location}>
      <Suspense fallback={<Spinner label="Loading page…" className="min-h-dvh" />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/intro" component={IntroPage} />
          <Route path="/blog" component={BlogListPage} />
          <Route path="/blog/:slug" component={BlogPostPage} />
          <Route path="/checkout" component={CheckoutPage} />
          <Route path="/participant" component={ParticipantPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The pages built to HTML at build time (scripts/prerender.mjs), whose first paint must not wait
 * for scripts: the landing page, where visitors arrive, and /intro, where it sends them.
 */
export const PRERENDERED_PATHS = ['/', '/intro'];

/** Prerendered paths whose screen is its own chunk: loaded before the app takes over their HTML. */
const PRERENDERED_CHUNKS: Record<string, PreloadableRoute> = { '/intro': IntroPage };

export function preloadScreen(path: string): Promise<void> {
  return PRERENDERED_CHUNKS[path]?.preload() ?? Promise.resolve();
}
