import { Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';

type Replay = () => void;

/**
 * A part of a server-rendered page whose code comes later than the page's (a lazy chunk, asked
 * for once the part is near the screen or the page has painted): until then the visitor sees and
 * reads the server's HTML, and React hydrates it once the code is in.
 *
 * React replays a tap made while the page hydrates only when it can hydrate the tapped part at
 * once; a part still waiting for its code drops the tap. So the taps and submits made in the part
 * before it has hydrated are held here and made again once it has: a button that only React can
 * work (a date, an accordion, a carousel dot) is pressed again, and a form is submitted again by
 * the app instead of by the browser (which would leave the page). Native controls (links, text
 * fields, check boxes) work on their own and are left alone.
 */
export function DeferredPart({ id, fallback, children }: { id?: string; fallback: ReactNode; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const hydrated = useRef(false);
  const held = useRef<Replay[]>([]);

  useEffect(() => {
    const within = (target: EventTarget | null): target is Element => target instanceof Element && !!place.current?.contains(target);
    // On the document, in the capture phase: React's own listener on the app's root stops a tap it
    // cannot deliver before it would reach the part.
    const onClick = (event: MouseEvent) => {
      if (hydrated.current || !within(event.target)) return;
      const button = event.target.closest('button');
      if (button?.type === 'button') held.current.push(() => button.click());
    };
    const onSubmit = (event: SubmitEvent) => {
      if (hydrated.current || !within(event.target)) return;
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = event.submitter;
      held.current.push(() => form.requestSubmit(submitter));
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, []);

  const onHydrated = useCallback(() => {
    hydrated.current = true;
    for (const replay of held.current.splice(0)) replay();
  }, []);

  return (
    <div id={id} ref={place}>
      <Suspense fallback={fallback}>
        <WhenShown onShown={onHydrated} />
        {children}
      </Suspense>
    </div>
  );
}

/** Calls `onShown` once the boundary it sits in has committed its content (hydrated or rendered). */
function WhenShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}
