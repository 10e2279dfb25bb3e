import { Mail } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import type { MessageDate } from './date-messages-dialog';

// Its own chunk: the Workshops tab loads it only when a date's messages are opened.
const DateMessagesDialog = lazy(() => import('./date-messages-dialog'));

/** The Message action of a workshop date's row: opens the date's messages; closing gives the focus back. */
export function DateMessagesButton({ workshop, className }: { workshop: MessageDate; className?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    window.setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <>
      <button ref={button} type="button" className={smallButtonClasses('secondary', className)} onClick={() => setOpen(true)} aria-label={`Message everyone on ${workshop.title}`}>
        <Mail aria-hidden="true" className="size-4" />
        Message
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DateMessagesDialog workshop={workshop} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
