import { lazy, type ComponentType } from 'react';

/**
 * React.lazy whose chunk the browser asks for only once `gate` resolves (the part is near the
 * screen, the page has painted…); the server, which renders the whole page, loads it at once.
 * Over server HTML the part stays as the server drew it until then, and hydrates when it comes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own
export function lazyWhen<T extends ComponentType<any>>(gate: () => Promise<unknown>, load: () => Promise<{ default: T }>) {
  return lazy<T>(() => (typeof window === 'undefined' ? load() : gate().then(load)));
}
