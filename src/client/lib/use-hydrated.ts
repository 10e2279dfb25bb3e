import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true from the render
 * after: what only the browser knows (its time zone, stored choices) waits for it, so the render
 * that hydrates matches the HTML it takes over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
