import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * A placeholder block shaped like the content it stands for; hidden from assistive technology.
 * `as="span"` (made a block by its classes) where only phrasing content may go, inside a heading.
 */
export function Skeleton({ className, as: Tag = 'div' }: { className?: string; as?: 'div' | 'span' }) {
  return <Tag aria-hidden="true" className={cx('animate-pulse rounded-brutal bg-paper-deep', className)} />;
}

/**
 * A loading placeholder that says what is loading: a status (a polite live region) whose name is
 * its visually hidden text, around the skeleton that sighted visitors see. The text is the name
 * rather than an aria-label because screen readers speak a status's text, and an aria-label on a
 * plain div is not allowed at all. `className` lays out the skeleton, as a plain div of it would.
 *
 * The status itself is not aria-busy: a busy live region is kept quiet until it is no longer busy,
 * and this one is replaced before that. The skeleton is: it is what stands for content still to come.
 */
export function LoadingRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" aria-busy="true" className={className}>
        {children}
      </div>
    </div>
  );
}

/** Placeholders for a row of cards or charts while they load: `count` blocks in the grid the content will use. */
export function SkeletonGrid({ count, gridClassName, blockClassName }: { count: number; gridClassName: string; blockClassName: string }) {
  return (
    <div className={gridClassName} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={blockClassName} />
      ))}
    </div>
  );
}
