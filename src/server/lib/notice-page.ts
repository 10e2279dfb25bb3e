import { escapeHtml } from '../email/templates';

/**
 * A small page a link from an e-mail answers with when there is no app screen to show (an
 * unsubscribe, a join link that cannot open the meeting): plain HTML with inline styles and no
 * scripts, served by the route itself so it works without the client app. `paragraphs` are text.
 */
export function noticePage(title: string, paragraphs: readonly string[], back: { href: string; label: string } = { href: '/', label: 'Back to the website' }): string {
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
<p style="margin:16px 0 0;"><a href="${escapeHtml(back.href)}" style="color:#111827;">${escapeHtml(back.label)}</a></p>
</main>
</body>
</html>
`;
}
