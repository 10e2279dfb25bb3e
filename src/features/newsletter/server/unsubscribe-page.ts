import { noticePage } from '../../../server/lib/notice-page';

/** The small pages a recipient sees after following an unsubscribe link (see noticePage). */
const page = (title: string, paragraphs: string[]) => noticePage(title, paragraphs);

export const UNSUBSCRIBED_TITLE = 'You have been unsubscribed';
export const BROKEN_LINK_TITLE = 'This unsubscribe link is broken';

export function unsubscribedPage(email: string): string {
  return page(UNSUBSCRIBED_TITLE, [
    `${email} will no longer receive our newsletter.`,
    'E-mails about your own bookings (confirmations, reminders, sign-in links) still reach you.',
  ]);
}

export function brokenLinkPage(): string {
  return page(BROKEN_LINK_TITLE, [
    'The link is incomplete or was changed, so we cannot tell which address to unsubscribe.',
    'Please open the link again from the e-mail, copying all of it, or reply to the e-mail and ask us to remove you.',
  ]);
}
