import { cx } from './cx';

/** A placeholder block shaped like the content it stands for; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-brutal bg-paper-deep', className)} />;
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
