/**
 * What the rich editor can hold, so nothing an author wrote in HTML is lost without warning when
 * they switch to rich text. The editor (Tiptap's StarterKit) keeps paragraphs, line breaks,
 * headings of its levels, lists, quotes, code, rules, links and emphasis; anything else is
 * unwrapped to its text or dropped when the HTML is loaded into it.
 */

/** Where the text ends up: a page has its own h1, an e-mail is its own document. */
export type HeadingScope = 'page' | 'email';

export const HEADING_LEVELS: Record<HeadingScope, (1 | 2 | 3)[]> = { page: [2, 3], email: [1, 2, 3] };

const KEPT_TAGS = new Set([
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a',
]);

const keptHeadings = (scope: HeadingScope) =>
  // A page's h1 is kept as an h2, as the server stores it.
  new Set(scope === 'page' ? ['h1', 'h2', 'h3'] : HEADING_LEVELS.email.map((level) => `h${level}`));

const parse = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;

/**
 * The elements (by tag name, in order of first appearance) and other parts the rich editor would
 * drop from this HTML; empty when rich text keeps it all.
 */
export function droppedByRichText(html: string, scope: HeadingScope): string[] {
  if (!html.trim()) return [];
  const body = parse(html);
  const headings = keptHeadings(scope);
  const dropped = new Set<string>();
  for (const element of Array.from(body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    // A bare span carries nothing the editor would lose; one with attributes carries styling.
    const keptSpan = tag === 'span' && element.attributes.length === 0;
    if (!KEPT_TAGS.has(tag) && !headings.has(tag) && !keptSpan) dropped.add(tag);
    if (element.hasAttribute('style')) dropped.add('style attributes');
  }
  // Text beside the blocks (an e-mail template's {{details}} between paragraphs) would be wrapped
  // in a paragraph of its own, and HTML put there later would end up inside that paragraph.
  const looseText = Array.from(body.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
  if (looseText && body.children.length > 0) dropped.add('text outside paragraphs');
  return [...dropped];
}

/** The HTML as the editor should load it: on a page an h1 becomes an h2, as the server would store it. */
export function toEditorHtml(html: string, scope: HeadingScope): string {
  if (scope === 'email' || !/<h1\b/i.test(html)) return html;
  const body = parse(html);
  for (const h1 of Array.from(body.querySelectorAll('h1'))) {
    const h2 = body.ownerDocument.createElement('h2');
    h2.append(...Array.from(h1.childNodes));
    h1.replaceWith(h2);
  }
  return body.innerHTML;
}

/** A link whose address is a template placeholder (`{{participantLink}}`), filled in when sent. */
export const PLACEHOLDER_HREF = /^\{\{\s*[\w.-]+\s*\}\}$/;
