import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Arriving at '/#booking' or '/intro#booking' (from another page or a shared link): the browser's
 * own jump happened before the section existed, so jump once the calling component has mounted,
 * and again when the first data has loaded, because lists above the target change the page's
 * height. Any scrolling by the visitor ends this.
 */
export function useScrollToHashOnArrival() {
  const fetching = useIsFetching();
  const pendingId = useRef(decodeURIComponent(window.location.hash.slice(1)));
  const sawFetching = useRef(false);

  useEffect(() => {
    const stop = () => {
      pendingId.current = '';
    };
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, stop, { passive: true, once: true });
    return () => {
      for (const event of events) window.removeEventListener(event, stop);
    };
  }, []);

  useEffect(() => {
    const id = pendingId.current;
    if (!id) return;
    document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' });
    if (fetching > 0) sawFetching.current = true;
    else if (sawFetching.current) pendingId.current = '';
  }, [fetching]);
}
