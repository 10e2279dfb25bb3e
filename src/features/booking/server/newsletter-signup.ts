import type { Database } from '../../../server/db/client';
import { newsletterSubscribers } from '../../../server/db/schema';

/** The booking form's newsletter box: the address joins the list (once) in the booking's transaction. */
export async function subscribeBooker(tx: Database, email: string, wanted: boolean): Promise<void> {
  if (wanted) await tx.insert(newsletterSubscribers).values({ email: email.toLowerCase(), source: 'booking' }).onConflictDoNothing();
}
