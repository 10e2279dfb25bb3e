import { useEffect, useState } from 'react';

/** Resolves in the task after the next paint: a frame callback runs just before the paint. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * False for a component's first paint, true from the task after it. For parts below the fold
 * that bring a lot of code (a form with its validation): fetched after the page has painted, they
 * do not compete with what the visitor sees first on a slow line.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterNextPaint().then(() => mounted && setPainted(true));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
