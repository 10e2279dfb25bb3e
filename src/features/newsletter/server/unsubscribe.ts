/**
 * The unsubscribe link every newsletter carries: a token signed with APP_SECRET for the
 * recipient's address, added by the outbox worker at send time through unsubscribeDecorator, so
 * no feature that sends e-mail has to know about it.
 */
import type { EmailDecorator } from '../../../server/email/outbox-worker';
import { recipientAddress } from '../../../server/email/outbox-worker';
import { NEWSLETTER_KIND } from '../../../server/email/outbox';
import { escapeHtml } from '../../../server/email/templates';
import type { OutgoingEmail } from '../../../server/email/transport';
import { signToken, verifyToken } from '../../../server/lib/signed-token';

export const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';
/** Old e-mails must keep working; the expiry only bounds a leaked token's life. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 5 * 365 * 24 * 60 * 60 * 1000;
export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';
export const UNSUBSCRIBE_FOOTER_LABEL = 'Unsubscribe from these e-mails:';
/** The HTML footer's words before its 'Unsubscribe' link. */
export const UNSUBSCRIBE_FOOTER_HTML_LABEL = 'You get this newsletter because you subscribed to it.';

export type UnsubscribeLinkOptions = { secret: string; publicUrl: string };

export function unsubscribeToken(secret: string, email: string, now = Date.now()): string {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, recipientAddress(email), UNSUBSCRIBE_TOKEN_TTL_MS, now);
}

/** The address a genuine token names, or null. */
export function unsubscribeAddress(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 2000) return null;
  return verifyToken(secret, UNSUBSCRIBE_PURPOSE, token);
}

export function unsubscribeUrl({ secret, publicUrl }: UnsubscribeLinkOptions, email: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(secret, email))}`;
}

/** The footer's HTML: one small line with a link named 'Unsubscribe' (no raw URL), inline styles only. */
export function unsubscribeFooterHtml(url: string): string {
  return `<p style="margin:0;padding:16px 12px 24px;text-align:center;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:#4a4640;">${UNSUBSCRIBE_FOOTER_HTML_LABEL} <a href="${escapeHtml(url)}" style="color:#121212;text-decoration:underline;">Unsubscribe</a></p>`;
}

/** Puts the footer before `</body>` of a full document (emailLayout), or after a fragment. */
export function withUnsubscribeFooter(html: string, url: string): string {
  const footer = unsubscribeFooterHtml(url);
  const end = html.toLowerCase().lastIndexOf('</body>');
  return end === -1 ? `${html}\n${footer}` : `${html.slice(0, end)}${footer}\n${html.slice(end)}`;
}

/**
 * Adds the footer line to the HTML and the text part, and the List-Unsubscribe headers (RFC 2369,
 * RFC 8058 one-click) that mail clients show as an 'Unsubscribe' button. A copy to a BCC address
 * (the admin) carries the same message: the footer names the customer's link either way, but the
 * headers are left out so the admin's mail client never offers a one-click button that would
 * unsubscribe the customer.
 */
export function addUnsubscribeLink(message: OutgoingEmail, url: string): OutgoingEmail {
  const headers: Record<string, string> = message.bcc
    ? { ...message.headers }
    : { ...message.headers, 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  return {
    ...message,
    html: withUnsubscribeFooter(message.html, url),
    text: message.text === null ? null : `${message.text.replace(/\s+$/, '')}\n\n--\n${UNSUBSCRIBE_FOOTER_LABEL} ${url}\n`,
    headers,
  };
}

/**
 * For the outbox worker: `new OutboxWorker({ …, decorate: unsubscribeDecorator({ secret, publicUrl }) })`.
 * Only a newsletter carries the link, signed for its recipient (`to`): booking, sign-in, refund,
 * cancellation and reminder e-mails are the service itself, not something to unsubscribe from.
 */
export function unsubscribeDecorator(options: UnsubscribeLinkOptions): EmailDecorator {
  return (message, row) => (row.kind === NEWSLETTER_KIND ? addUnsubscribeLink(message, unsubscribeUrl(options, message.to)) : message);
}
