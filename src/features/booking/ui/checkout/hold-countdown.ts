/** The seat hold's countdown: texts and the clock arithmetic behind them. */

/** Whole seconds left until `deadline` (ms since epoch), never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 872 → '14:32', 65 → '1:05', 0 → '0:00'. */
export function formatHoldRemaining(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const HOLD_ENDED_TEXT = 'Your seat hold has ended.';
export const HOLD_ENDED_HELP = 'The seat went back on sale. Hold a new seat to pay for it.';
export const HOLD_AGAIN_LABEL = 'Hold a new seat';

/** 'Your seat is' or 'Your 3 seats are'. */
const held = (seats: number) => (seats === 1 ? 'Your seat is held' : `Your ${seats} seats are held`);

/** What the visitor sees, updated every second. */
export function holdCountdownText(seconds: number, seats = 1): string {
  return seconds > 0 ? `${held(seats)} for ${formatHoldRemaining(seconds)}` : HOLD_ENDED_TEXT;
}

/**
 * What a screen reader is told (a polite live region): whole minutes only, so it changes at most
 * once a minute. 872 s → 'Your seat is held for 15 more minutes.'; under a minute → 'less than a minute'.
 */
export function holdAnnouncement(seconds: number, seats = 1): string {
  if (seconds <= 0) return HOLD_ENDED_TEXT;
  if (seconds < 60) return `${held(seats)} for less than a minute.`;
  const minutes = Math.ceil(seconds / 60);
  return `${held(seats)} for ${minutes} more ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * The hold's end on this browser's clock. The server's `holdExpiresAt` is on the server's clock;
 * the answer's Date header says what time the server had, so a visitor whose clock is off still
 * gets the right time. The header counts whole seconds, so the server's time is taken as the
 * last millisecond of that second: the countdown never promises more than the server holds.
 * Without a usable header the server's time is taken as is.
 */
export function holdDeadline(holdExpiresAt: string | null, serverDate: string | null, receivedAt: number): number | null {
  if (!holdExpiresAt) return null;
  const expires = Date.parse(holdExpiresAt);
  if (Number.isNaN(expires)) return null;
  const serverNow = serverDate ? Date.parse(serverDate) : Number.NaN;
  if (Number.isNaN(serverNow)) return expires;
  return receivedAt + (expires - (serverNow + 999));
}
