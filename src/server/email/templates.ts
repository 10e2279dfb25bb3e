import { brandInitial, SITE_TAGLINE } from '../../common/brand';

/**
 * E-mail text: `{{key}}` placeholders and one shared HTML layout. Pure functions,
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
const HAS_PLACEHOLDER = /\{\{\s*[\w.-]+\s*\}\}/;

/** Attributes a mail client follows or loads as a URL (the sanitiser lets only href and src through). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'poster', 'cite', 'xlink:href']);
/**
 * The only URLs a filled attribute may hold. Tested on the value as written in the HTML, before a
 * browser decodes it: the scheme must be plain letters, so `&#106;avascript:`, `java\tscript:`,
 * `//evil` and relative paths (which mean nothing in an e-mail) all fail.
 */
const SAFE_URL = /^(?:https?|mailto):/i;
const HTML_SPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

/**
 * Fills `{{key}}` placeholders in one pass, so a value that itself contains `{{…}}` is never
 * expanded again. In HTML mode values are escaped: they come from visitors (names, notes) while
 * the template is trusted. Unknown keys become '' rather than leaking `{{key}}` to a customer.
 *
 * In HTML mode an attribute value holding a placeholder is filled as a whole and then checked:
 * in a URL attribute (`href`, `src`…) it must come out as an http(s) or mailto URL, or it becomes
 * `#`; an unquoted one is written quoted, so a value with a space cannot add an attribute.
 */
export function renderTemplate(template: string, values: Record<string, string | number>, options: { html: boolean }): string {
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (_match, key: string) => {
      const value = Object.hasOwn(values, key) ? values[key] : undefined;
      if (value === undefined) return '';
      const text = String(value);
      return options.html ? escapeHtml(text) : text;
    });
  if (!options.html) return fill(template);

  let out = '';
  let at = 0;
  for (const attribute of attributeValues(template)) {
    const raw = template.slice(attribute.start, attribute.end);
    if (!HAS_PLACEHOLDER.test(raw)) continue;
    let value = fill(raw);
    if (URL_ATTRIBUTES.has(attribute.name)) {
      value = value.replace(HTML_SPACE, '');
      if (!SAFE_URL.test(value)) value = '#';
    }
    out += fill(template.slice(at, attribute.start)) + (attribute.quoted ? value : `"${value.replace(/"/g, '&quot;')}"`);
    at = attribute.end;
  }
  return out + fill(template.slice(at));
}

export type AttributeValue = { name: string; start: number; end: number; quoted: boolean };

/** Elements whose content is text up to their end tag, never markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';

/**
 * Where each attribute value of an HTML fragment lies (without its quotes), read the way the HTML
 * standard's tokenizer reads tags, comments and raw text, so a placeholder is judged by the
 * context a mail client will see. A small tokenizer rather than a parser: htmlparser2 is only
 * here as sanitize-html's dependency, not ours, and no parser reports where a value lies in the
 * source text.
 */
export function attributeValues(html: string): AttributeValue[] {
  const found: AttributeValue[] = [];
  const skipTo = (needle: string, from: number) => {
    const index = html.indexOf(needle, from);
    return index === -1 ? html.length : index + needle.length;
  };
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    if (open === -1) break;
    if (html.startsWith('<!--', open)) {
      // `<!-->` and `<!--->` are whole comments; otherwise one ends at `-->` or `--!>`.
      const from = open + 4;
      if (html.startsWith('>', from)) i = from + 1;
      else if (html.startsWith('->', from)) i = from + 2;
      else i = Math.min(skipTo('-->', from), skipTo('--!>', from));
      continue;
    }
    const closing = html[open + 1] === '/';
    const nameAt = open + (closing ? 2 : 1);
    if (!/[a-zA-Z]/.test(html[nameAt] ?? '')) {
      // `<!doctype>`, `<?…>`, `</ …>`: bogus comments up to the first `>`; a lone `<` is text.
      i = html[open + 1] === '!' || html[open + 1] === '?' || closing ? skipTo('>', open + 1) : open + 1;
      continue;
    }
    let j = nameAt;
    while (j < html.length && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>') j++;
    const tag = html.slice(nameAt, j).toLowerCase();
    for (;;) {
      while (isSpace(html[j]) || html[j] === '/') j++;
      if (j >= html.length) break;
      if (html[j] === '>') {
        j++;
        break;
      }
      const nameStart = j;
      j++; // the first character may be `=`
      while (j < html.length && !isSpace(html[j]) && !'/>='.includes(html[j]!)) j++;
      const name = html.slice(nameStart, j).toLowerCase();
      while (isSpace(html[j])) j++;
      if (html[j] !== '=') continue;
      j++;
      while (isSpace(html[j])) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, j + 1);
        found.push({ name, start: j + 1, end: end === -1 ? html.length : end, quoted: true });
        j = end === -1 ? html.length : end + 1;
      } else if (quote !== '>') {
        const start = j;
        while (j < html.length && !isSpace(html[j]) && html[j] !== '>') j++;
        found.push({ name, start, end: j, quoted: false });
      }
    }
    i = j;
    if (!closing && RAW_TEXT.has(tag)) i = rawTextEnd(html, tag, i);
  }
  return found;
}

/** Where the raw text of `tag` ends: at its end tag, case-insensitively. */
function rawTextEnd(html: string, tag: string, from: number): number {
  const match = new RegExp(`</${tag}[\\t\\n\\f\\r />]`, 'i').exec(html.slice(from));
  return match ? from + match.index : html.length;
}

// The site's palette (src/app/client/styles.css): ink on paper, the accent behind ink text only.
const INK = '#121212';
const INK_SOFT = '#4a4640';
const PAPER = '#fbf7ee';
const ACCENT = '#ff7a1a';
const FONT = 'Helvetica,Arial,sans-serif';
const LINK_STYLE = `color:${INK};font-weight:bold;text-decoration:underline;`;
const BUTTON_STYLE = `display:inline-block;padding:12px 20px;background-color:${ACCENT};border:2px solid ${INK};border-radius:6px;color:${INK};font-weight:bold;text-decoration:none;`;

/** The text a reader sees for a link written as its own address: the site's name, not the URL. */
function linkLabel(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return 'this link';
  }
}

/**
 * The links of a rendered body, styled inline: a link alone in its paragraph is a button (the
 * templates' "See your booking", "Pay for your booking"); any other link is bold ink; a link
 * whose text is its own address shows the site's name instead, so no long URL widens the e-mail.
 */
export function styleLinks(bodyHtml: string): string {
  const alone = /<p>\s*<a href="([^"]*)">((?:(?!<\/a>)[\s\S])*)<\/a>\s*<\/p>/gi;
  const withButtons = bodyHtml.replace(
    alone,
    (_match, href: string, text: string) => `<p style="margin:24px 0;"><a href="${href}" style="${BUTTON_STYLE}">${text}</a></p>`,
  );
  return withButtons.replace(/<a href="([^"]*)">((?:(?!<\/a>)[\s\S])*)<\/a>/gi, (_match, href: string, text: string) => {
    const shown = /^\s*(https?:\/\/|www\.)\S+\s*$/i.test(text) ? escapeHtml(linkLabel(text.trim().replace(/&amp;/g, '&'))) : text;
    return `<a href="${href}" style="${LINK_STYLE}">${shown}</a>`;
  });
}

/**
 * The frame every HTML e-mail shares: the organiser's name over a bordered white card on the
 * site's paper colour, in a 600 px column that shrinks to a 320 px phone (inline styles only,
 * because mail clients drop <style> blocks and external CSS). `title` is plain text; the bodies
 * are HTML that the caller already rendered (and escaped) with renderTemplate. `brandName` is the
 * saved one (Settings › General), plain text.
 */
export function emailLayout(parts: { title: string; bodyHtml: string; footerHtml?: string; brandName: string }): string {
  const title = escapeHtml(parts.title);
  const brand = escapeHtml(parts.brandName);
  const footer = parts.footerHtml
    ? `<tr><td style="padding:16px 8px 0;font-family:${FONT};font-size:13px;line-height:1.5;color:${INK_SOFT};text-align:center;">${styleLinks(parts.footerHtml)}</td></tr>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAPER};-webkit-text-size-adjust:100%;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAPER};">
<tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;font-family:${FONT};color:${INK};">
<tr><td style="padding:0 4px 16px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td width="32" height="32" align="center" style="width:32px;height:32px;background-color:${ACCENT};border:2px solid ${INK};border-radius:6px;font-size:18px;line-height:32px;font-weight:bold;color:${INK};">${escapeHtml(brandInitial(parts.brandName))}</td>
<td style="padding-left:10px;font-size:16px;font-weight:bold;color:${INK};">${brand}</td>
</tr></table>
</td></tr>
<tr><td style="background-color:#ffffff;border:2px solid ${INK};border-radius:8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr><td style="padding:28px 24px 4px;"><h1 style="margin:0;font-size:22px;line-height:1.3;font-weight:bold;color:${INK};">${title}</h1></td></tr>
<tr><td style="padding:8px 24px 28px;font-size:16px;line-height:1.6;color:${INK};overflow-wrap:break-word;word-wrap:break-word;">${styleLinks(parts.bodyHtml)}</td></tr>
</table>
</td></tr>
${footer}
<tr><td style="padding:16px 8px 0;font-size:12px;line-height:1.5;color:${INK_SOFT};text-align:center;">${brand} · ${escapeHtml(SITE_TAGLINE)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** Plain text typed by the admin, as safe HTML: escaped, paragraphs on blank lines, line breaks kept. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
