import { lazy, type ComponentType, type ReactElement } from 'react';

type RouteComponent = ComponentType;
export type PreloadableRoute = (() => ReactElement) & { preload: () => Promise<void> };

/**
 * A route in its own chunk, like React.lazy, that can also be loaded ahead: once preload() has
 * resolved it renders at once, without suspending. A prerendered page needs that: the app takes
 * over its HTML in one render, where a lazy route would first swap the page for its loading state.
 */
export function preloadableRoute(load: () => Promise<{ default: RouteComponent }>): PreloadableRoute {
  let Loaded: RouteComponent | null = null;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
    });
  const Lazy = lazy(load);
  const Route = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Route, { preload });
}
