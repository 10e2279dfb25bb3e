import { LoaderCircle } from 'lucide-react';
import { cx } from './cx';

/** A spinner that also tells screen readers what is loading. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-3 py-10 font-semibold', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin" strokeWidth={2.5} />
      <span>{label}</span>
    </div>
  );
}
