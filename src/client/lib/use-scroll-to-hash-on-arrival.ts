import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Arriving at '/#booking' or '/intro#booking' (from another page or a shared link): the browser's
 * own jump happened before the section existed, so jump once the calling component has mounted,
 * and again when the first data has loaded, because lists above the target change the page's
 * height. A section link chosen on the page while data is still loading (the header is there
 * before the lists are) is followed the same way. Any scrolling, tap or click by the visitor ends
 * this, and so does the address losing its '#section' (the logo drops it as it scrolls to the
 * top): a list loading later must not pull the page back to a section nobody asks for any more.
 */
export function useScrollToHashOnArrival() {
  const fetching = useIsFetching();
  const pendingId = useRef('');
  const sawFetching = useRef(false);
  const fetchingNow = useRef(fetching);

  useEffect(() => {
    // Read once mounted, not while rendering: a render may start before a link chosen meanwhile
    // (on the prerendered page) has set the hash, and be committed after.
    pendingId.current = decodeURIComponent(window.location.hash.slice(1));
    // The section a link on the page scrolls to, smoothly: the browser works out where to stop
    // when the scroll starts, so a part above that changes height meanwhile (a price or a badge
    // read in, a lazy part taking over) leaves the section off its place. Once the scroll ends it
    // is put back, unless the visitor has scrolled, tapped or typed since.
    let linkTarget = '';
    const stop = () => {
      pendingId.current = '';
      linkTarget = '';
    };
    const settle = () => {
      const id = linkTarget;
      linkTarget = '';
      if (id && decodeURIComponent(window.location.hash.slice(1)) === id) document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' });
    };
    // The browser has jumped already; only while lists are still loading must it jump again.
    const follow = () => {
      const loading = fetchingNow.current > 0;
      const id = decodeURIComponent(window.location.hash.slice(1));
      pendingId.current = loading ? id : '';
      sawFetching.current = loading;
      linkTarget = id;
    };
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const event of events) window.addEventListener(event, stop, { passive: true });
    window.addEventListener('hashchange', follow);
    window.addEventListener('scrollend', settle);
    return () => {
      for (const event of events) window.removeEventListener(event, stop);
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('scrollend', settle);
    };
  }, []);

  useEffect(() => {
    fetchingNow.current = fetching;
    const id = pendingId.current;
    if (!id) return;
    if (decodeURIComponent(window.location.hash.slice(1)) !== id) {
      pendingId.current = '';
      return;
    }
    document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' });
    if (fetching > 0) sawFetching.current = true;
    else if (sawFetching.current) pendingId.current = '';
  }, [fetching]);
}

/**
 * The same, as a component that draws nothing: it renders again each time reads start or finish,
 * and that must not render the page around it again. A page whose lazy part is still hydrating
 * from the server's HTML would lose that HTML to a fresh client render.
 */
export function ScrollToHashOnArrival(): null {
  useScrollToHashOnArrival();
  return null;
}
