import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { BOOKING_CONFIRMED_PATH, CLAIM_PATH_PREFIX, screenPathOf, WAITLIST_PATH_PREFIX } from '../../common/route-meta';
import { EarlyTapsReplay } from '../../client/components/deferred-part';
import { ErrorBoundary } from '../../client/components/ui/error-boundary';
import { Spinner } from '../../client/components/ui/spinner';
import { preloadableRoute, type PreloadableRoute } from './preloadable-route';
import { LandingPage } from './routes/landing/landing-page';
import { NotFoundPage } from './routes/not-found-page';

// The landing page ships in the entry chunk; every other screen is its own chunk, loaded on visit.
// The admin screens are routed in app.tsx (their own frame and chunk).
// A visit to a page whose screen can be preloaded asks for its chunk as the app starts (main.tsx).
const IntroPage = preloadableRoute(() => import('./routes/intro-page'));
const BlogListPage = preloadableRoute(() => import('./routes/blog-list-page'));
const BlogPostPage = preloadableRoute(() => import('./routes/blog-post-page'));
const CheckoutPage = preloadableRoute(() => import('./routes/checkout-page'));
const BookingConfirmedPage = lazy(() => import('./routes/booking-confirmed-page'));
const ParticipantPage = lazy(() => import('./routes/participant-page'));
const ClaimPage = lazy(() => import('./routes/claim-page'));
const WaitlistPage = lazy(() => import('./routes/waitlist-page'));
const LegalPage = lazy(() => import('./routes/legal-page'));

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
          <Route path={BOOKING_CONFIRMED_PATH} component={BookingConfirmedPage} />
          <Route path="/participant" component={ParticipantPage} />
          <Route path={`${CLAIM_PATH_PREFIX}:token`} component={ClaimPage} />
          <Route path={`${WAITLIST_PATH_PREFIX}:token`} component={WaitlistPage} />
          <Route path="/privacy" component={LegalPage} />
          <Route path="/terms" component={LegalPage} />
          <Route path="/cookies" component={LegalPage} />
          <Route component={NotFoundPage} />
        </Switch>
        <EarlyTapsReplay />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Pages that the server does not render with data (page-data.ts) but whose frame (header, footer)
 * and loading state are built at build time: the checkout depends on the visitor's booking. The
 * app's first render shows the same, so a visitor sees the page start before the scripts arrive.
 */
export const PRERENDERED_FRAME_PATHS = ['/checkout'];

/**
 * Pages whose screen is its own chunk that can be loaded before the router renders it, with the
 * module of each as the client build's manifest names it: the build (scripts/prerender.mjs) looks
 * up the chunks a page's screen needs, and the page's HTML asks for them beside the entry instead
 * of after it. Every blog post shares the key '/blog/:slug'.
 */
const PRELOADABLE_SCREENS: Record<string, { route: PreloadableRoute; module: string }> = {
  '/intro': { route: IntroPage, module: 'src/app/client/routes/intro-page.tsx' },
  '/blog': { route: BlogListPage, module: 'src/app/client/routes/blog-list-page.tsx' },
  '/blog/:slug': { route: BlogPostPage, module: 'src/app/client/routes/blog-post-page.tsx' },
  '/checkout': { route: CheckoutPage, module: 'src/app/client/routes/checkout-page.tsx' },
};

/** The pages (or, for posts, the pattern) whose screen chunks the build lists. */
export const SCREEN_PATHS = ['/', ...Object.keys(PRELOADABLE_SCREENS)];

/** The module of the page's preloadable screen, if it has one (for the build). */
export function screenModule(path: string): string | undefined {
  return PRELOADABLE_SCREENS[screenPathOf(path)]?.module;
}

/** Loads the screen of the page at `path` when it is a chunk of its own; resolves at once otherwise. */
export function preloadScreen(path: string): Promise<void> {
  return PRELOADABLE_SCREENS[screenPathOf(path)]?.route.preload() ?? Promise.resolve();
}
