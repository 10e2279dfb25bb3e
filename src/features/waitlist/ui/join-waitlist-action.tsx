import { CircleCheck, ListPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../../client/components/ui/button';
import { Spinner } from '../../../client/components/ui/spinner';
import type { PublicWorkshopDate } from '../../workshops';

// The form loads on the first tap: every visitor gets the button, few open it.
const JoinWaitlistForm = lazy(() => import('./join-waitlist-form'));

/**
 * The booked-out date's 'Join the waiting list' (docs/decisions/019-waiting-list.md). The button
 * is in the server's HTML, so the card does not change size as the app takes over; the form opens
 * under it on a tap, and gives way to the visitor's place in line once they joined.
 */
export function JoinWaitlistAction({ date }: { date: PublicWorkshopDate }) {
  const [open, setOpen] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const news = useRef<HTMLParagraphElement>(null);
  const closedByVisitor = useRef(false);

  useEffect(() => {
    if (joined) news.current?.focus();
  }, [joined]);
  useEffect(() => {
    // Back to the button after 'Cancel', so a keyboard user keeps their place.
    if (!open && closedByVisitor.current) opener.current?.focus();
  }, [open]);

  if (joined) {
    return (
      <p ref={news} tabIndex={-1} role="status" className="flex items-start gap-2 rounded-brutal border-2 border-ink bg-success-soft p-3 text-sm font-medium outline-none">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{joined}</span>
      </p>
    );
  }
  if (!open) {
    return (
      <button ref={opener} type="button" className={buttonClasses('secondary')} aria-expanded={false} onClick={() => setOpen(true)}>
        <ListPlus aria-hidden="true" className="size-4" />
        Join the waiting list
      </button>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Opening the waiting-list form…" />}>
      <JoinWaitlistForm
        date={date}
        onJoined={setJoined}
        onCancel={() => {
          closedByVisitor.current = true;
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
