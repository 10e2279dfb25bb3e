import { noticePage } from '../../../server/lib/notice-page';
import type { JoinOutcome } from './open-join-link';

type Refusal = Exclude<JoinOutcome, { kind: 'redirect' }>;

/** Each refusal's status, heading and explanation; every page then points to /participant. */
function wordsFor(outcome: Refusal): { status: number; title: string; lines: string[] } {
  switch (outcome.kind) {
    case 'invalid':
      return {
        status: 404,
        title: 'This join link does not work',
        lines: ['The link is incomplete or was changed, so we cannot tell whose seat it is.', 'Open the link again from your e-mail, copying all of it, or find your own link on your bookings page.'],
      };
    case 'gone':
      return {
        status: 410,
        title: 'This seat is no longer booked',
        lines: [`Your seat for ${outcome.title} was ${outcome.status === 'deleted' ? 'removed' : outcome.status}, so its join link no longer opens the meeting.`, 'Your bookings page shows the seats you hold.'],
      };
    case 'unpaid':
      return {
        status: 403,
        title: 'This seat is not paid yet',
        lines: [`Your seat for ${outcome.title} is reserved. The join link opens the meeting once it is paid for.`, 'You can pay from your bookings page.'],
      };
    case 'no-link':
      return {
        status: 200,
        title: 'The meeting link is not ready yet',
        lines: [`The organiser has not set the meeting link for ${outcome.title} yet. It will appear here before the workshop: keep this link and open it again then.`],
      };
  }
}

/** The page a join link shows when it does not lead to the meeting, with its status; it points to /participant. */
export function joinRefusalPage(outcome: Refusal): { status: number; html: string } {
  const { status, title, lines } = wordsFor(outcome);
  return { status, html: noticePage(title, lines, { href: '/participant', label: 'Open my bookings' }) };
}
