import { and, asc, eq, lte } from 'drizzle-orm';
import { waitlistEntries, workshopDates } from '../../../server/db/schema';
import { closeEntry, lockEntry } from '../../booking/server';
import type { WaitlistDeps } from './waitlist-deps';
import { queueOfferExpiredEmail } from './waitlist-emails';

/**
 * Offers whose deadline passed unused run out: each entry becomes 'expired' and is told, a
 * checkout opened from it and still unpaid lapses, and its seats go on to the next in line (their
 * offers are e-mailed by sendOfferEmails). One transaction per offer, each re-checked under its
 * locks, so a payment or a second sweep racing it sees it either before or after. Answers the
 * offers that ran out.
 */
export async function expireOffers(deps: WaitlistDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
    .orderBy(asc(waitlistEntries.offerExpiresAt))
    .limit(100);
  let expired = 0;
  let queued = false;
  for (const { id } of due) {
    const ran = await deps.db.transaction(async (tx) => {
      const entry = await lockEntry(tx, id);
      if (entry?.status !== 'offered' || !entry.offerExpiresAt || entry.offerExpiresAt > now) return false;
      await closeEntry(tx, entry.id, 'expired', now);
      const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, entry.workshopDateId!));
      if (date) queued = (await queueOfferExpiredEmail(tx, deps, entry, date)) || queued;
      return true;
    });
    if (ran) expired += 1;
  }
  if (expired > 0) deps.onSeatsChanged?.();
  if (queued) deps.onEmailQueued?.();
  return expired;
}
