import { useState } from 'react';
import { formatLongDate } from '../../../../common/dates';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The site's own stylesheets (built CSS links, or Vite's style tags in development), so the preview looks like the site. */
function siteStyles(): string {
  return Array.from(document.querySelectorAll('link[rel="stylesheet"], style'))
    .map((node) => node.outerHTML)
    .join('');
}

export type BlogPreviewPost = {
  title: string;
  excerpt: string;
  featuredImageUrl: string;
  authorName: string;
  publishedAt: string | null;
  /** HTML as the server cleaned it. */
  content: string;
};

function blogDocument(post: BlogPreviewPost, styles: string): string {
  const date = post.publishedAt ? formatLongDate(post.publishedAt) : 'Not published yet';
  const words = post.content.replace(/<[^>]*>/g, ' ').trim().split(/\s+/).filter(Boolean).length;
  const minutes = Math.max(1, Math.ceil(words / 200));
  const image = post.featuredImageUrl
    ? `<img src="${escapeHtml(post.featuredImageUrl)}" alt="" class="aspect-video w-full rounded-brutal border-2 border-ink object-cover shadow-brutal">`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><base target="_blank">${styles}</head>
<body class="bg-paper text-ink"><main class="mx-auto max-w-3xl px-4 py-10 sm:px-6"><article>${image}
<header class="mt-8"><p class="text-sm font-semibold text-ink-soft">${escapeHtml(post.authorName || 'Author')} · ${escapeHtml(date)} · ${minutes} min read</p>
<h1 class="mt-3 text-4xl font-black tracking-tight text-balance sm:text-5xl">${escapeHtml(post.title || 'Untitled post')}</h1>
${post.excerpt ? `<p class="mt-4 text-xl text-pretty text-ink-soft">${escapeHtml(post.excerpt)}</p>` : ''}</header>
<div class="rich-text mt-10 text-lg">${post.content}</div></article></main></body></html>`;
}

/**
 * The post as visitors will see it: the server-cleaned HTML in the site's styles. `sandbox`
 * without allow-scripts: nothing in the frame can run, even if it slipped past the cleaning;
 * allow-same-origin only lets the frame load the site's stylesheets and fonts.
 */
export function BlogPreviewFrame({ post }: { post: BlogPreviewPost }) {
  const [styles] = useState(siteStyles);
  return (
    <iframe
      title={`Preview: ${post.title || 'Untitled post'}`}
      sandbox="allow-same-origin"
      srcDoc={blogDocument(post, styles)}
      referrerPolicy="no-referrer"
      className="h-[70vh] min-h-96 w-full rounded-brutal border-2 border-ink bg-paper"
    />
  );
}

/** The same frame participants get (features/participant): no scripts, an opaque origin, plain styles. */
function assetDocument(content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0;padding:12px;font-family:system-ui,sans-serif;line-height:1.5;color:#121212;background:#fff}img{max-width:100%;height:auto}</style></head><body>${content}</body></html>`;
}

export function AssetPreviewFrame({ title, type, content }: { title: string; type: 'slides' | 'tips'; content: string }) {
  return (
    <iframe
      title={`Preview: ${title || 'Untitled asset'}`}
      sandbox=""
      srcDoc={assetDocument(content)}
      referrerPolicy="no-referrer"
      className={type === 'slides' ? 'aspect-video w-full rounded-brutal border-2 border-ink bg-white' : 'h-48 w-full rounded-brutal border-2 border-paper-deep bg-white'}
    />
  );
}
