import { useEffect, useState } from 'react';

/**
 * False for a component's first paint, true from the task after it. For parts below the fold
 * that bring a lot of code (a form with its validation): fetched after the page has painted, they
 * do not compete with what the visitor sees first on a slow line.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the paint; the task after it, once it is done.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
