import { eq } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import { waitlistEntries } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { closeEntry, entryOfToken } from '../../booking/server';
import { WAITLIST_LINK_INVALID, type PublicWaitlistEntry } from '../waitlist.schema';
import { positionOf } from './positions';
import type { WaitlistDeps } from './waitlist-deps';
import { workshopTitleOf } from './waitlist-emails';

export const LEFT_MESSAGE = 'You have left the waiting list. Nothing more will be held for you.';
export const PASSED_ON_MESSAGE = 'Thank you: the seats held for you went to the next person waiting, and you have left the waiting list.';
export const ALREADY_CLOSED_MESSAGE = 'You are no longer on this waiting list.';

/** GET /api/waitlist/{token}: the entry a waiting-list e-mail's link names, for its page. */
export async function describeWaitlistEntry(deps: WaitlistDeps, token: string): Promise<PublicWaitlistEntry> {
  const now = deps.now();
  const entry = await entryOfToken(deps.db, deps.secret, token);
  if (!entry) throw new HttpError(410, WAITLIST_LINK_INVALID, 'link_invalid');
  const offerHolds = entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now;
  return {
    status: entry.status === 'offered' && !offerHolds ? 'expired' : entry.status,
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    seats: entry.seats,
    workshopDateId: entry.workshopDateId,
    workshopTitle: await workshopTitleOf(deps.db, entry),
    position: await positionOf(deps.db, entry),
    offerExpiresAt: offerHolds ? entry.offerExpiresAt!.toISOString() : null,
    offerPrice: offerHolds && entry.offerSeatCents !== null ? centsToDollars(entry.offerSeatCents) : null,
  };
}

/**
 * DELETE /api/waitlist/{token}: the person leaves the list (the link in every waiting-list
 * e-mail). An offer they hold passes on to the next in line at once. Leaving twice, or after the
 * entry closed otherwise, changes nothing and says so.
 */
export async function leaveWaitlist(deps: WaitlistDeps, token: string): Promise<{ success: true; message: string }> {
  const now = deps.now();
  const entry = await entryOfToken(deps.db, deps.secret, token);
  if (!entry) throw new HttpError(410, WAITLIST_LINK_INVALID, 'link_invalid');
  const left = await deps.db.transaction(async (tx) => {
    const closed = await closeEntry(tx, entry.id, 'left', now);
    if (closed) {
      await recordAudit(tx, { actor: closed.email.toLowerCase(), action: 'waitlist_left', entity: 'waitlist_entry', entityId: closed.id, details: { was: closed.status, seats: closed.seats } });
    }
    return closed;
  });
  if (!left) {
    const [current] = await deps.db.select({ status: waitlistEntries.status }).from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
    return { success: true, message: current?.status === 'booked' ? 'You have booked this workshop, so you are no longer on its waiting list.' : ALREADY_CLOSED_MESSAGE };
  }
  if (left.status === 'offered') {
    deps.onSeatsChanged?.();
    return { success: true, message: PASSED_ON_MESSAGE };
  }
  return { success: true, message: LEFT_MESSAGE };
}
