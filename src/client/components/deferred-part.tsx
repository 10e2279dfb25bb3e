import { Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';

type Replay = () => void;

/** The parts of the page still waiting for their code, which hold taps until they hydrate. */
const waitingParts = new Set<{ element: HTMLElement; hold: (replay: Replay) => void }>();

declare global {
  interface Window {
    /** The taps the page's inline script held before the app had run (server/lib/scripts-after-paint.ts). */
    __earlyTaps?: () => HTMLButtonElement[];
    /** Set as React starts hydrating: from then on it replays taps itself, outside the waiting parts. */
    __hydrating?: boolean;
  }
}

/**
 * Makes again the taps held before the app had run, once the page has hydrated: at once where the
 * page is the app's now, or once their part has hydrated where it is still waiting for its code.
 */
function replayEarlyTaps(): void {
  for (const button of window.__earlyTaps?.() ?? []) {
    if (!button.isConnected) continue;
    const part = [...waitingParts].find(({ element }) => element.contains(button));
    if (part) part.hold(() => button.click());
    else button.click();
  }
}

/**
 * A part of a server-rendered page whose code comes later than the page's (a lazy chunk, asked
 * for once the part is near the screen or the page has painted): until then the visitor sees and
 * reads the server's HTML, and React hydrates it once the code is in.
 *
 * React replays a tap made while the page hydrates only when it can hydrate the tapped part at
 * once; a part still waiting for its code drops the tap. So the taps made in the part before it
 * has hydrated on a button that only React can work (a date, an accordion, a carousel dot) are
 * held here and made again once it has. Native controls (links, text fields, check boxes) work on
 * their own and are left alone; a form cannot be sent before then, as its submit button is off
 * until the app has it (ui/button.tsx).
 */
export function DeferredPart({ id, fallback, children }: { id?: string; fallback: ReactNode; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const hydrated = useRef(false);
  const held = useRef<Replay[]>([]);

  useEffect(() => {
    const element = place.current;
    const waiting = element && !hydrated.current ? { element, hold: (replay: Replay) => held.current.push(replay) } : null;
    if (waiting) waitingParts.add(waiting);
    const within = (target: EventTarget | null): target is Element => target instanceof Element && !!place.current?.contains(target);
    // On the document, in the capture phase: React's own listener on the app's root stops a tap it
    // cannot deliver before it would reach the part.
    const onClick = (event: MouseEvent) => {
      if (hydrated.current || !within(event.target)) return;
      const button = event.target.closest('button');
      if (button?.type !== 'button') return;
      held.current.push(() => button.click());
      // Held here, so made here only: React replays a tap itself when the part's code has come and
      // hydration is under way, and a tap made twice undoes itself (an FAQ question opened, then
      // closed). Stopped before React's listener on the root sees it.
      event.stopPropagation();
    };
    document.addEventListener('click', onClick, true);
    return () => {
      if (waiting) waitingParts.delete(waiting);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  const onHydrated = useCallback(() => {
    hydrated.current = true;
    for (const part of waitingParts) if (part.element === place.current) waitingParts.delete(part);
    for (const replay of held.current.splice(0)) replay();
  }, []);

  return (
    <div id={id} ref={place} data-deferred-part="">
      <Suspense fallback={fallback}>
        <WhenShown onShown={onHydrated} />
        {children}
      </Suspense>
    </div>
  );
}

/**
 * Where the page's screen has hydrated (rendered after it, inside the same boundary, so the
 * waiting parts within have said so already): the taps held before the app had run are made again.
 */
export function EarlyTapsReplay() {
  useEffect(replayEarlyTaps, []);
  return null;
}

/** Calls `onShown` once the boundary it sits in has committed its content (hydrated or rendered). */
function WhenShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}
