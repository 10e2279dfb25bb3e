/**
 * The plain-text part of a newsletter from its (already sanitised) HTML: mail clients that show
 * text, and spam filters that compare both parts, get the same words. Links keep their address
 * in brackets so they stay usable.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (match, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? match;
    if (lower.startsWith('#')) return ENTITIES[lower] ?? safeCodePoint(parseInt(lower.slice(1), 10)) ?? match;
    return ENTITIES[lower] ?? match;
  });
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\r\n?/g, '\n')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_match, href: string, label: string) => {
        const text = label.replace(/<[^>]*>/g, '').trim();
        return text && text !== href ? `${text} (${href})` : href;
      })
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n- ')
      .replace(/<\/(p|div|h[1-6]|blockquote|pre|ul|ol|table|tr|figure)>/gi, '\n\n')
      .replace(/<(hr)\b[^>]*>/gi, '\n----\n')
      .replace(/<\/t[dh]>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
