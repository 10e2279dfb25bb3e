/**
 * An image that only adds to what its text says (a card's or a post's picture): no alt text for
 * screen readers to repeat, decoded off the main thread, and loaded lazily unless it is `eager`
 * (the first thing a page shows).
 */
export function DecorativeImage({ src, width, height, className, eager = false }: { src: string; width: number; height: number; className: string; eager?: boolean }) {
  return <img src={src} alt="" width={width} height={height} loading={eager ? undefined : 'lazy'} decoding="async" className={className} />;
}
