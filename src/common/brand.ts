/**
 * The organiser's brand name: set once in Admin › Settings › General and used by every page's
 * header, footer and title, the admin bar, the e-mails' layout and sender name, structured data,
 * the blog feed and the social cards. This is only its default, the rule it must meet and how it
 * is written into titles; the saved value is read on the server per request.
 */
export const DEFAULT_BRAND_NAME = 'Vibe Coding Workshop';
export const BRAND_NAME_MAX = 60;
export const SITE_TAGLINE = 'Live online workshops on building software prototypes with no-code tools.';

export const BRAND_NAME_REQUIRED = 'Brand name is required';
export const BRAND_NAME_TOO_LONG = `Brand name must be ${BRAND_NAME_MAX} characters or less`;
export const BRAND_NAME_INVALID = 'Brand name cannot contain line breaks, tabs or other control characters';

/**
 * C0 and C1 controls and DEL: a name lands in a header line of every e-mail (From) and in titles,
 * where a line break would split the header and a control character shows as a box.
 */
export function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** The name's first letter, as the logo mark shows it. */
export function brandInitial(brandName: string): string {
  if (brandName === BRAND_NAME_SLOT) return BRAND_INITIAL_SLOT;
  return (Array.from(brandName.trim())[0] ?? '').toUpperCase();
}

/** A page's document title: '{page} — {brand}' (the home page's 'page' is the workshop's title). */
export function documentTitle(pageTitle: string, brandName: string): string {
  return `${pageTitle} — ${brandName}`;
}

/**
 * Stand-ins for the name in HTML made at build time (a client-rendered page's frame): the server
 * writes the saved name, escaped, in their place as it serves the page. Characters React leaves as
 * they are in text and attributes, and that no name rendered by React can produce unescaped.
 */
export const BRAND_NAME_SLOT = '[[brand-name]]';
const BRAND_INITIAL_SLOT = '[[brand-initial]]';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/** Build-time HTML with the name's stand-ins replaced by the saved name, HTML-escaped (text or attribute). */
export function fillBrandSlots(html: string, brandName: string): string {
  return html.replaceAll(BRAND_NAME_SLOT, () => escapeHtml(brandName)).replaceAll(BRAND_INITIAL_SLOT, () => escapeHtml(brandInitial(brandName)));
}
