import { cx } from './cx';

/** A placeholder block shaped like the content it stands for; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-brutal bg-paper-deep', className)} />;
}
