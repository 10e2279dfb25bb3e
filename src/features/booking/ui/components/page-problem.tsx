import { RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../../../client/components/ui/button';
import { cx } from '../../../../client/components/ui/cx';

/** A heading that takes the focus when its screen appears, so keyboard and screen-reader users start at the news. */
export function FocusedHeading({ children, className, size = 'text-3xl sm:text-4xl' }: { children: ReactNode; className?: string; size?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} tabIndex={-1} className={cx('font-black tracking-tight outline-none', size, className)}>
      {children}
    </h1>
  );
}

/**
 * What went wrong instead of the page a link promised (a booking's confirmation, a seat's claim):
 * what happened, an action where one helps, and the way to the visitor's bookings.
 */
export function PageProblem({ title, icon, children, action, className }: { title: string; icon?: ReactNode; children: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <section role="alert" className={cx('rounded-brutal border-2 border-ink bg-danger-soft p-5 shadow-brutal sm:p-6', className)}>
      <div className="flex items-center gap-3">
        {icon ?? <TriangleAlert aria-hidden="true" className="size-7 shrink-0" />}
        <FocusedHeading size="text-2xl">{title}</FocusedHeading>
      </div>
      <div className="mt-3 space-y-2">{children}</div>
      <div className="mt-6 flex flex-wrap gap-3">
        {action}
        <Link href="/participant" className={buttonClasses('secondary')}>
          My bookings
        </Link>
      </div>
    </section>
  );
}

/** 'Try again', which says so while it tries. */
export function TryAgainButton({ onClick, trying }: { onClick: () => void; trying: boolean }) {
  return (
    <Button onClick={onClick} disabled={trying}>
      <RotateCw aria-hidden="true" className="size-4" />
      {trying ? 'Trying again…' : 'Try again'}
    </Button>
  );
}
