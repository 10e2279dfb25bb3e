/**
 * What the footer's legal pages say until the organiser writes their own (Settings → Site): a
 * plain, honest starting point for a small workshop business, in markdown. Not legal advice; the
 * page itself says it can be replaced.
 */
export const DEFAULT_LEGAL_TEXT = {
  privacyPolicy: `We keep what you give us when you book or write to us: your name, e-mail address, company and the notes you add. We use it to run your booking, send you the meeting details and reminders, and answer your messages.

We do not sell your details or share them with anyone except the services that run this site: the payment provider (for card payments) and the mail service (for e-mails).

You can ask us to see, correct or delete what we keep about you at any time by replying to any of our e-mails. If you subscribed to the newsletter, every newsletter has a link to unsubscribe.`,
  termsOfService: `A booking is a seat in one live online workshop. It is confirmed once it is paid, or once a free booking or a reservation is accepted.

You can cancel from your bookings page. Cancel at least 7 days before the workshop for a full refund; later cancellations get a credit or a partial refund, as the cancellation page shows before you confirm.

If we have to cancel or move a workshop, we offer another date or a full refund.`,
  cookiePolicy: `This site uses one cookie, and only when you sign in to see your bookings (or, for the organiser, the admin area): it keeps you signed in. It holds no personal details and is not used for tracking.

We use no advertising or analytics cookies.`,
} as const;
