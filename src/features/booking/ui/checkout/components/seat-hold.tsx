import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../../../client/components/ui/button';
import { HOLD_AGAIN_LABEL, HOLD_ENDED_HELP, HOLD_ENDED_TEXT, holdAnnouncement, holdCountdownText, secondsLeft } from '../hold-countdown';

/**
 * Seconds left until `deadline` (this browser's clock), ticking each second from `since` (when
 * the hold was given); null without a hold.
 */
export function useSecondsLeft(deadline: number | null, since: number): number | null {
  const [clock, setClock] = useState({ deadline, now: since });
  // A new hold starts its count from when it was given, not from the last tick of the old one.
  if (clock.deadline !== deadline) setClock({ deadline, now: since });
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setClock({ deadline, now });
      if (now >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : secondsLeft(deadline, clock.deadline === deadline ? clock.now : since);
}

type Props = {
  seconds: number;
  /** Asks the server for a new hold (a new payment); resolves to the server's refusal, if any. */
  onRenew: () => Promise<string | undefined>;
  /** How many seats the hold keeps. */
  seats?: number;
};

/**
 * The seat hold under the card fields: 'Your seat is held for 14:32', ticking; at 0 it says the
 * hold has ended and offers to hold a new seat. Screen readers hear whole minutes only.
 */
export function SeatHold({ seconds, seats = 1, onRenew }: Props) {
  const [renewing, setRenewing] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const ended = seconds <= 0;
  const urgent = !ended && seconds < 120;

  const renew = async () => {
    setRenewing(true);
    setRefusal(undefined);
    setRefusal(await onRenew());
    setRenewing(false);
  };

  return (
    <div className="mt-5">
      {/* Polite, and it changes once a minute at most (the ticking text below is not announced). */}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {holdAnnouncement(seconds, seats)}
      </p>
      {ended ? (
        <div className="rounded-brutal border-2 border-ink bg-accent-soft p-4" data-testid="seat-hold">
          <p className="font-bold">{HOLD_ENDED_TEXT}</p>
          <p className="mt-1 text-sm">{HOLD_ENDED_HELP}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void renew()} disabled={renewing}>
            {renewing ? 'HOLDING…' : HOLD_AGAIN_LABEL}
          </Button>
          {refusal ? (
            <p role="alert" className="mt-3 font-semibold text-danger">
              {refusal}
            </p>
          ) : null}
        </div>
      ) : (
        <p
          aria-hidden="true"
          data-testid="seat-hold"
          className={`flex items-center gap-2 text-sm font-semibold ${urgent ? 'text-danger' : 'text-ink-soft'}`}
        >
          <Clock aria-hidden="true" className={`size-4 shrink-0 ${urgent ? 'motion-safe:animate-pulse' : ''}`} />
          <span className="tabular-nums">{holdCountdownText(seconds, seats)}</span>
        </p>
      )}
    </div>
  );
}
