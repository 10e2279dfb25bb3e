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
    const stop = () => {
      pendingId.current = '';
    };
    // The browser has jumped already; only while lists are still loading must it jump again.
    const follow = () => {
      const loading = fetchingNow.current > 0;
      pendingId.current = loading ? decodeURIComponent(window.location.hash.slice(1)) : '';
      sawFetching.current = loading;
    };
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const event of events) window.addEventListener(event, stop, { passive: true });
    window.addEventListener('hashchange', follow);
    return () => {
      for (const event of events) window.removeEventListener(event, stop);
      window.removeEventListener('hashchange', follow);
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
