import sanitize from 'sanitize-html';

/**
 * Admin-authored HTML (announcements, blog posts, assets, e-mails) is shown to visitors or lands in
 * their inbox, so it is cleaned before it is stored and again before it is served: no scripts, no
 * event handlers, no javascript: or data: links, no SVG, no styles that could overlay the page.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup',
  'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div',
];

const baseOptions: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links that open elsewhere must not hand the opener to the target page.
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      return { tagName, attribs: next };
    },
  },
};

/**
 * For HTML placed inside one of the site's pages (a blog post, an announcement, a workshop asset):
 * the page already has its one h1 (the post's or the site's title), so an author's h1 becomes the
 * next level down rather than a second page title, and its words keep their weight.
 */
const pageOptions: sanitize.IOptions = {
  ...baseOptions,
  transformTags: { ...baseOptions.transformTags, h1: 'h2' },
};

/** For an e-mail's body: the message is its own document, so its author may give it an h1. */
const emailOptions: sanitize.IOptions = {
  ...baseOptions,
  allowedTags: ['h1', ...ALLOWED_TAGS],
};

/** HTML shown inside a page of the site (its h1 turned into h2). */
export function sanitizeHtml(dirty: string): string {
  return sanitize(dirty, pageOptions);
}

/** HTML sent as the body of an e-mail (h1 kept). */
export function sanitizeEmailHtml(dirty: string): string {
  return sanitize(dirty, emailOptions);
}
