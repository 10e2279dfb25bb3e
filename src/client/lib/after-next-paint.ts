/** Resolves in the task after the next paint: a frame callback runs just before the paint. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
