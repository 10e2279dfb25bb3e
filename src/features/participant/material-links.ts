/**
 * The workshop's material links as participants get them: one per stored line, trimmed, and only
 * http(s) URLs, so a stray note or a `javascript:` line never becomes a link.
 */
export function materialLinksFrom(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => {
      if (!/^https?:\/\//i.test(line)) return false;
      try {
        const url = new URL(line);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    });
}

/** The compact view cuts text to `max` characters and marks the cut with '…'. */
export function truncateText(text: string, max: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}
