import { escapeHtml } from '../../../server/email/templates';

/**
 * The small pages a recipient sees after following an unsubscribe link: plain HTML with inline
 * styles and no scripts, served by the API route itself so they work without the client app.
 */
function page(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 12px;">${escapeHtml(text)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:48px 16px;background:#f3f4f6;font-family:Helvetica,Arial,sans-serif;color:#111827;">
<main style="max-width:480px;margin:0 auto;padding:32px;background:#ffffff;border:2px solid #111827;border-radius:8px;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">${escapeHtml(title)}</h1>
${body}
<p style="margin:16px 0 0;"><a href="/" style="color:#111827;">Back to the website</a></p>
</main>
</body>
</html>
`;
}

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
