import { lazy, Suspense } from 'react';
import { routeMetaFor } from '../../../../common/route-meta';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { Spinner } from '../../../components/ui/spinner';
import { useRouteMeta } from '../../../lib/use-route-meta';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';

// Hero and About paint from the entry chunk. The sections below them bring zod, react-hook-form
// and the Radix widgets (about 55 KB gzipped), so they arrive as a second chunk that starts loading
// as soon as this page renders; that keeps the entry within its 90 KB gzipped budget.
const LandingSections = lazy(() => import('./landing-sections'));

export function LandingPage() {
  useRouteMeta(routeMetaFor('/'));
  return (
    <>
      <HeroSection />
      <AboutSection />
      <ErrorBoundary>
        <Suspense fallback={<Spinner label="Loading workshops…" className="min-h-dvh items-start pt-24" />}>
          <LandingSections />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
