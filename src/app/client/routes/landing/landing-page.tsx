import { routeMetaFor } from '../../../../common/route-meta';
import { DeferredPart } from '../../../../client/components/deferred-part';
import { ErrorBoundary } from '../../../../client/components/ui/error-boundary';
import { Spinner } from '../../../../client/components/ui/spinner';
import { lazyWhen } from '../../../../client/lib/lazy-when';
import { useRouteMeta } from '../../../../client/lib/use-route-meta';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';

// Hero and About come with the entry chunk. The sections below them bring zod, react-hook-form,
// the Radix widgets and the first Intl formatter (about 55 KB gzipped, and on a phone a few hundred
// milliseconds of main thread), so they are a second chunk, which the browser asks for once the
// visitor heads for them. The server renders them with the page: until the chunk is in, the
// visitor reads the server's HTML, and React hydrates it when it arrives.
const LandingSections = lazyWhen(sectionsNeeded, () => import('./landing-sections'));

/** Where the sections sit, in the server's HTML and in the app's render alike. */
const SECTIONS_ID = 'landing-sections';

/**
 * How far below the screen the sections start loading: Chrome's own rule for lazy images
 * (`loading="lazy"` starts about 1250 px before an image scrolls into view).
 */
const LOAD_AHEAD = '0px 0px 1250px 0px';

/**
 * Resolves once the sections below About are needed: when their place comes within LOAD_AHEAD
 * of the screen (at once on a tall screen), when the address names a section (a header link, a
 * shared '/#workshops'), or at the first key press.
 */
function sectionsNeeded(): Promise<void> {
  return new Promise((resolve) => {
    if (window.location.hash.length > 1) return resolve();
    let needed = false;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && need(), { rootMargin: LOAD_AHEAD });
    function need() {
      needed = true;
      observer.disconnect();
      window.removeEventListener('hashchange', need);
      window.removeEventListener('keydown', need);
      resolve();
    }
    window.addEventListener('hashchange', need);
    window.addEventListener('keydown', need);
    // The place is in the server's HTML, or in the page once the loading state has been drawn.
    const watch = () => {
      if (needed) return;
      const place = document.getElementById(SECTIONS_ID);
      if (place) observer.observe(place);
      else requestAnimationFrame(watch);
    };
    watch();
  });
}

export function LandingPage() {
  useRouteMeta(routeMetaFor('/'));
  return (
    <>
      <HeroSection />
      <AboutSection />
      <DeferredPart id={SECTIONS_ID} fallback={<Spinner label="Loading workshops…" className="min-h-dvh items-start pt-24" />}>
        <ErrorBoundary>
          <LandingSections />
        </ErrorBoundary>
      </DeferredPart>
    </>
  );
}
