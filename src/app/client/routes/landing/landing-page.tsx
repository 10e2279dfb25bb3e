import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { routeMetaFor } from '../../../../common/route-meta';
import { ErrorBoundary } from '../../../../client/components/ui/error-boundary';
import { Spinner } from '../../../../client/components/ui/spinner';
import { useRouteMeta } from '../../../../client/lib/use-route-meta';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';

// Hero and About paint from the entry chunk. The sections below them bring zod, react-hook-form,
// the Radix widgets and the first Intl formatter (about 55 KB gzipped, and on a phone a few hundred
// milliseconds of main thread), so they are a second chunk, loaded once the visitor heads for them.
const LandingSections = lazy(() => import('./landing-sections'));

/**
 * How far below the screen the sections start loading: Chrome's own rule for lazy images
 * (`loading="lazy"` starts about 1250 px before an image scrolls into view).
 */
const LOAD_AHEAD = '0px 0px 1250px 0px';

/**
 * Whether the sections below About are needed yet: when their place comes within LOAD_AHEAD of
 * the screen (at once on a tall screen), when the address names a section (a header link, a
 * shared '/#workshops'), or at the first key press (a keyboard user tabs on into them).
 */
function useNeededSoon(placeholder: RefObject<HTMLElement | null>): boolean {
  const [needed, setNeeded] = useState(() => typeof window !== 'undefined' && window.location.hash.length > 1);
  useEffect(() => {
    if (needed) return;
    const need = () => setNeeded(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && need(), {
      rootMargin: LOAD_AHEAD,
    });
    if (placeholder.current) observer.observe(placeholder.current);
    window.addEventListener('hashchange', need);
    window.addEventListener('keydown', need);
    return () => {
      observer.disconnect();
      window.removeEventListener('hashchange', need);
      window.removeEventListener('keydown', need);
    };
  }, [needed, placeholder]);
  return needed;
}

export function LandingPage() {
  useRouteMeta(routeMetaFor('/'));
  const placeholder = useRef<HTMLDivElement>(null);
  const needed = useNeededSoon(placeholder);
  // The same box before and while the chunk loads, so nothing moves when it is swapped in.
  const waiting = <Spinner label="Loading workshops…" className="min-h-dvh items-start pt-24" />;
  return (
    <>
      <HeroSection />
      <AboutSection />
      {needed ? (
        <ErrorBoundary>
          <Suspense fallback={waiting}>
            <LandingSections />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <div ref={placeholder}>{waiting}</div>
      )}
    </>
  );
}
