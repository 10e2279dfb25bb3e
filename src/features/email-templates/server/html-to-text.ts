/**
 * The plain-text part of an e-mail, from its HTML body: mail clients that do not show HTML (and
 * spam filters, which distrust HTML-only mail) get the same words. Only the markup our templates
 * use needs to read well: paragraphs, line breaks, two-column detail tables and links.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function fromCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return fromCodePoint(parseInt(lower.slice(2), 16), match);
    if (lower.startsWith('#')) return fromCodePoint(parseInt(lower.slice(1), 10), match);
    return ENTITIES[lower] ?? match;
  });
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

export function htmlToText(html: string): string {
  const withLinks = html.replace(/<a\b[^>]*?\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_match, href: string, inner: string) => {
    const url = decodeEntities(href).trim();
    const label = decodeEntities(stripTags(inner)).replace(/\s+/g, ' ').trim();
    const text = !url || url === label ? label || url : label ? `${label}: ${url}` : url;
    // Decoded once here; encoded back so the final decoding of the whole text leaves it as it is.
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  });
  const blocks = withLinks
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1>/gi, '')
    // A detail table row reads 'Label: value'.
    .replace(/<\/t[dh]>\s*<t[dh]\b[^>]*>/gi, ': ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(tr|li|h[1-6])>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<\/(p|div|table|ul|ol|blockquote)>/gi, '\n\n')
    .replace(/<hr\b[^>]*>/gi, '\n---\n');
  return decodeEntities(stripTags(blocks))
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
