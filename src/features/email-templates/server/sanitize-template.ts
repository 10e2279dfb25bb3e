import { randomUUID } from 'node:crypto';
import { sanitizeEmailHtml } from '../../../server/lib/sanitize-html';

/**
 * Admin-authored template HTML, cleaned like every other admin HTML (no scripts, event handlers,
 * javascript: links, SVG) while its `{{key}}` placeholders stay exactly as written. Each
 * placeholder stands in as a plain word during cleaning (so it survives inside text and inside
 * an href alike) and is put back afterwards.
 */
const PLACEHOLDER = /\{\{\s*[\w.-]+\s*\}\}/g;

export function sanitizeTemplateHtml(content: string): string {
  const nonce = randomUUID().replace(/-/g, '');
  const found: string[] = [];
  const masked = content.replace(PLACEHOLDER, (placeholder) => {
    found.push(placeholder);
    return `tplkey${nonce}n${found.length - 1}x`;
  });
  const clean = sanitizeEmailHtml(masked);
  return clean.replace(new RegExp(`tplkey${nonce}n(\\d+)x`, 'g'), (token, index: string) => found[Number(index)] ?? token);
}
