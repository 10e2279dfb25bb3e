/**
 * E-mail text: `{{key}}` placeholders (CONTRACT §4) and one shared HTML layout. Pure functions,
 * so features render their messages before they enqueue them, inside their own transaction.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

// Letters, digits, `_`, `-` and `.` so keys like `workshop.title` read naturally in admin-edited templates.
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * Fills `{{key}}` placeholders in one pass, so a value that itself contains `{{…}}` is never
 * expanded again. In HTML mode values are escaped: they come from visitors (names, notes) while
 * the template is trusted. Unknown keys become '' rather than leaking `{{key}}` to a customer.
 */
export function renderTemplate(template: string, values: Record<string, string | number>, options: { html: boolean }): string {
  return template.replace(PLACEHOLDER, (_match, key: string) => {
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (value === undefined) return '';
    const text = String(value);
    return options.html ? escapeHtml(text) : text;
  });
}

/**
 * The frame every HTML e-mail shares: a 600 px column with inline styles only, because mail
 * clients drop <style> blocks and external CSS. `title` is plain text; the bodies are HTML that
 * the caller already rendered (and escaped) with renderTemplate.
 */
export function emailLayout(parts: { title: string; bodyHtml: string; footerHtml?: string }): string {
  const title = escapeHtml(parts.title);
  const footer = parts.footerHtml
    ? `<tr><td style="padding:16px 32px 24px;font-size:13px;line-height:1.5;color:#6b7280;border-top:1px solid #e5e7eb;">${parts.footerHtml}</td></tr>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;font-family:Helvetica,Arial,sans-serif;color:#111827;">
<tr><td style="padding:32px 32px 8px;"><h1 style="margin:0;font-size:22px;line-height:1.3;font-weight:bold;color:#111827;">${title}</h1></td></tr>
<tr><td style="padding:8px 32px 32px;font-size:16px;line-height:1.6;color:#111827;">${parts.bodyHtml}</td></tr>
${footer}
</table>
</td></tr>
</table>
</body>
</html>
`;
}
