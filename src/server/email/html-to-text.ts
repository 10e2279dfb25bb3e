import { compile, type FormatCallback } from 'html-to-text';

/**
 * The plain-text part of an e-mail from its HTML body: mail clients that do not show HTML, and spam
 * filters that distrust HTML-only mail or compare both parts, get the same words. The html-to-text
 * package reads the HTML (entities decoded exactly once, source white space collapsed); the options
 * below make the markup our templates and newsletters use read well: paragraphs, line breaks,
 * '- ' list items, two-column detail tables as 'Label: value', and links that keep their address.
 */

/**
 * 'See your booking: https://…': a link's address after its text, or the address alone when it is
 * the text (or there is none). html-to-text's own anchor formatter always puts a space before the
 * address ('text [address]'), which rules out 'text: address'.
 */
const anchor: FormatCallback = (elem, walk, builder) => {
  const href = (elem.attribs?.href ?? '').trim();
  if (!href) {
    walk(elem.children, builder);
    return;
  }
  let label = '';
  builder.pushWordTransform((word: string) => {
    label += word;
    return word;
  });
  walk(elem.children, builder);
  builder.popWordTransform();
  if (label !== href) builder.addInline(label ? `: ${href}` : href, { noWordTransform: true });
};

/** Table cells after the first in their row start with ': ', so a details row reads 'When: July 4'. */
const cell: FormatCallback = (elem, walk, builder) => {
  const siblings = (elem.parent?.children ?? []).filter((node) => node.type === 'tag' && (node.name === 'td' || node.name === 'th'));
  if (siblings.indexOf(elem) > 0) builder.addInline(': ');
  walk(elem.children, builder);
};

const convert = compile({
  wordwrap: false,
  formatters: { anchor, cell },
  selectors: [
    { selector: 'a', format: 'anchor' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { leadingLineBreaks: 2, trailingLineBreaks: 2, uppercase: false } })),
    { selector: 'ul', options: { itemPrefix: '- ' } },
    { selector: 'blockquote', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'table', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'td', format: 'cell' },
    { selector: 'th', format: 'cell' },
    { selector: 'hr', options: { length: 3 } },
    ...['head', 'title', 'style', 'script', 'img'].map((selector) => ({ selector, format: 'skip' })),
  ],
});

export function htmlToText(html: string): string {
  // A non-breaking space reads as a plain one in text mail.
  return convert(html).replace(/\u00a0/g, ' ').trim();
}
