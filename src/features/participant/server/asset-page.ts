import { escapeHtml } from '../../../server/email/templates';
import { securityHeadersFor } from '../../../server/plugins/security-headers';
import type { ViewableAsset } from './participant.service';

/**
 * The full-screen page of a workshop asset (GET /api/view-asset/:id): the admin's HTML
 * (sanitised when saved) set in readable type, with a bar to go back to My Bookings and to the
 * previous and next slides of the same workshop. Plain links only: the page runs no script.
 *
 * Its policy: no scripts, no forms, no plugins, nothing fetched but images and inline styles, and
 * only this site may frame it. `sandbox` gives the page an opaque origin, so even HTML that slipped
 * past the sanitiser cannot read the participant's session or call the API. Its own links are
 * top-level GET navigations, which carry the (SameSite=Lax) session.
 */
export const ASSET_PAGE_CSP = securityHeadersFor({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      sandbox: [],
      defaultSrc: ["'none'"],
      imgSrc: ['https:', 'data:'],
      styleSrc: ["'unsafe-inline'"],
      frameAncestors: ["'self'"],
    },
  },
})['Content-Security-Policy']!;

// The site's palette (src/app/client/styles.css): ink on paper, the accent behind ink text only.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#fbf7ee;color:#121212;font:400 clamp(1.0625rem,1rem + .25vw,1.25rem)/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:inherit}
a:focus-visible{outline:3px solid #ff7a1a;outline-offset:2px}
.skip{position:absolute;left:-999px}
.skip:focus{left:1rem;top:.5rem;background:#fff;padding:.25rem .5rem;z-index:2}
.bar{position:sticky;top:0;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;justify-content:space-between;padding:.625rem 1rem;background:#121212;color:#fbf7ee;font-size:1rem}
.bar a{font-weight:700;text-decoration:none;padding:.375rem .5rem;border-radius:4px}
.bar a:hover{text-decoration:underline}
.count{font-weight:600;opacity:.85}
main{max-width:70ch;margin:0 auto;padding:1.5rem 1rem 3rem}
.kind{margin:0;font-size:.875rem;font-weight:800;letter-spacing:.08em;text-transform:uppercase;color:#4a4640}
h1.title{margin:.25rem 0 .5rem;font-size:clamp(1.75rem,1.4rem + 1.5vw,2.5rem);line-height:1.15;font-weight:900;overflow-wrap:anywhere}
.description{margin:0 0 1.5rem;color:#4a4640}
.content{overflow-wrap:anywhere}
.content h1,.content h2,.content h3{line-height:1.2;margin:1.75em 0 .5em;font-weight:800}
.content img,.content video{max-width:100%;height:auto}
.content pre{overflow-x:auto;padding:1rem;background:#fff;border:2px solid #121212}
.content table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse}
.content td,.content th{border:1px solid #4a4640;padding:.25rem .5rem}
.pager{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;max-width:70ch;margin:0 auto;padding:0 1rem 3rem}
.pager a{display:inline-block;max-width:100%;padding:.75rem 1rem;border:2px solid #121212;background:#fff;box-shadow:4px 4px 0 0 #121212;font-weight:800;text-decoration:none;overflow-wrap:anywhere}
.pager a[rel=next]{margin-left:auto;background:#ff7a1a}
@media print{.bar,.pager,.skip{display:none}body{background:#fff}}
`;

const link = (rel: 'prev' | 'next', to: { id: number; title: string }) =>
  `<a rel="${rel}" href="/api/view-asset/${to.id}">${rel === 'prev' ? `← Previous: ${escapeHtml(to.title)}` : `Next: ${escapeHtml(to.title)} →`}</a>`;

export function assetPage({ asset, previous, next, position, total }: ViewableAsset): string {
  const kind = asset.type === 'slides' ? 'Slides' : 'Tips';
  const pager = previous || next ? `<nav class="pager" aria-label="${kind}">${previous ? link('prev', previous) : ''}${next ? link('next', next) : ''}</nav>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(asset.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#content">Skip to the ${kind.toLowerCase()}</a>
<header class="bar">
<a href="/participant">← My Bookings</a>
${total > 1 ? `<span class="count">${kind} ${position} of ${total}</span>` : ''}
</header>
<main id="content">
<p class="kind">${kind}</p>
<h1 class="title">${escapeHtml(asset.title)}</h1>
${asset.description ? `<p class="description">${escapeHtml(asset.description)}</p>` : ''}
<div class="content">
${asset.content}
</div>
</main>
${pager}
</body>
</html>`;
}
