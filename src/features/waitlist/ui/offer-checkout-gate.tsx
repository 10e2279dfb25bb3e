import { Hourglass, ListOrdered, TicketCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { WAITLIST_PATH_PREFIX } from '../../../common/route-meta';
import { buttonClasses } from '../../../client/components/ui/button';
import { Spinner } from '../../../client/components/ui/spinner';
import type { WaitlistOfferCheckout } from '../../booking/ui';
import { useWaitlistEntry } from './api/waitlist-entry';
import { BackToBooking, Frame, Notice, WaitlistProblem } from './waitlist-notice';
import { closedEntryText, seatsText } from './waitlist-text';

const icon = 'size-7 shrink-0';

/**
 * `/checkout?offer={token}`: reads the offer behind the link and, while it holds seats, hands it
 * to the checkout (`children`); otherwise says where the entry stands instead. The checkout is
 * the booking feature's, which sits below the waiting list, so the app composes the two.
 */
export function OfferCheckoutGate({ token, children }: { token: string; children: (offer: WaitlistOfferCheckout) => ReactNode }) {
  const entry = useWaitlistEntry(token);
  const entryPage = `${WAITLIST_PATH_PREFIX}${encodeURIComponent(token)}`;
  if (entry.isPending) {
    return (
      <Frame>
        <Spinner label="Loading the seats held for you…" className="min-h-dvh items-start pt-16" />
      </Frame>
    );
  }
  if (entry.isError) return <WaitlistProblem error={entry.error} retrying={entry.isFetching} onRetry={() => void entry.refetch()} />;
  const found = entry.data;
  if (found.status === 'offered' && found.workshopDateId !== null && found.offerExpiresAt) {
    return children({ token, workshopDateId: found.workshopDateId, firstName: found.firstName, lastName: found.lastName, email: found.email, seats: found.seats, expiresAt: found.offerExpiresAt });
  }
  if (found.status === 'waiting' || found.status === 'offered') {
    return (
      <Notice tone="calm" icon={<ListOrdered aria-hidden="true" className={icon} />} title="No seats are held for you yet" actions={<Link href={entryPage} className={buttonClasses('secondary')}>See your place in line</Link>}>
        <p>
          You are {found.position === null ? 'on the waiting list' : `number ${found.position} on the waiting list`} for {seatsText(found.seats)} in {found.workshopTitle}. When they free up, we e-mail you a link that holds them.
        </p>
      </Notice>
    );
  }
  if (found.status === 'booked') {
    return (
      <Notice tone="calm" icon={<TicketCheck aria-hidden="true" className={icon} />} title="These seats are already booked" actions={<Link href="/participant" className={buttonClasses('secondary')}>My bookings</Link>}>
        <p>You booked {found.workshopTitle} already, so there is nothing left to pay here. Your confirmation e-mail has the details.</p>
      </Notice>
    );
  }
  const closed = closedEntryText(found.status, found);
  return (
    <Notice tone="problem" icon={<Hourglass aria-hidden="true" className={icon} />} title={found.status === 'expired' ? 'This offer has ended' : closed.title} actions={<BackToBooking />}>
      <p>{closed.text}</p>
    </Notice>
  );
}
