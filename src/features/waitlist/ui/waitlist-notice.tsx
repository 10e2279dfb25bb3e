import { Link2Off, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../../client/components/ui/button';
import { cx } from '../../../client/components/ui/cx';
import { ApiError, refusalMessage } from '../../../client/lib/api-client';
import { FocusedHeading } from '../../booking/ui';

/** The frames and notices the waiting list's link page and its offer's checkout share. */

export const BOOKING_SECTION = '/#booking';
const cardClasses = 'rounded-brutal border-2 border-ink p-5 shadow-brutal sm:p-6';

export function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">{children}</div>;
}

export function BackToBooking({ label = 'See the workshop dates' }: { label?: string }) {
  return (
    <Link href={BOOKING_SECTION} className={buttonClasses('secondary')}>
      {label}
    </Link>
  );
}

/** A screen with one piece of news: the heading takes the focus, the text says what it means. */
export function Notice({ tone, icon, title, children, actions }: { tone: 'problem' | 'calm'; icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Frame>
      <section role={tone === 'problem' ? 'alert' : 'status'} className={cx(cardClasses, tone === 'problem' ? 'bg-danger-soft' : 'bg-white')}>
        <div className="flex items-center gap-3">
          {icon}
          <FocusedHeading size="text-2xl">{title}</FocusedHeading>
        </div>
        <div className="mt-3 space-y-2">{children}</div>
        <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
      </section>
    </Frame>
  );
}

/** A link that is not genuine (4xx), or an answer that did not come (try again). */
export function WaitlistProblem({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  if (error instanceof ApiError && error.status < 500) {
    return (
      <Notice tone="problem" icon={<Link2Off aria-hidden="true" className="size-7 shrink-0" />} title="This link is not valid" actions={<BackToBooking />}>
        <p>{refusalMessage(error) ?? 'Please use the link from your latest waiting-list e-mail.'}</p>
      </Notice>
    );
  }
  return (
    <Notice
      tone="problem"
      icon={<TriangleAlert aria-hidden="true" className="size-7 shrink-0" />}
      title="We couldn't load your place on the waiting list"
      actions={
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      }
    >
      <p>Check your connection and try again in a moment.</p>
    </Notice>
  );
}
