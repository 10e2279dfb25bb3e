import type { FastifyBaseLogger } from 'fastify';
import type { WaitlistDeps } from './waitlist-deps';
import { sendOfferEmails } from './waitlist-emails';

/**
 * Sends the offers' e-mails soon after any change of seat counts commits (the public cache hears
 * of every one): one run at a time, and one more if a change came while it ran. The background
 * sweep sends whatever a crash left behind. After `close` nothing new starts.
 */
export function offerEmailNotifier(deps: WaitlistDeps, log: Pick<FastifyBaseLogger, 'error'>) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const nudge = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = sendOfferEmails(deps)
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'sending waiting-list offers failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  };
  return {
    nudge,
    /** Stops new runs and waits for the one running, if any. */
    close: async (): Promise<void> => {
      closed = true;
      await running;
    },
  };
}
