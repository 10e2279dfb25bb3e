import { createHash } from 'node:crypto';

/**
 * Runs inline in the <head> of a page whose HTML already holds its first screen, in place of the
 * entry's module script: once the document is parsed and has painted, it asks for the entry (and
 * the chunks the entry imports, as modulepreloads). Until that paint the HTML and its inline
 * stylesheet have the line to themselves, instead of sharing it with 80 KB of scripts that the
 * first screen does not need (on Lighthouse's simulated phone line, '/' painted at 1.5–1.7 s with
 * the scripts in the head and at about 0.7 s without them). Written for every browser that runs
 * module scripts; the entry and its chunks come from the tag's data attributes.
 */
export const SCRIPTS_AFTER_PAINT = `(function (boot) {
  function load() {
    (boot.dataset.preload || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.dataset.entry;
    document.head.appendChild(script);
  }
  function afterPaint() {
    // A page opened in a background tab paints nothing until it is shown: nothing to wait for.
    if (document.visibilityState === 'hidden') load();
    else requestAnimationFrame(function () { setTimeout(load, 0); });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
  else afterPaint();
})(document.currentScript);`;

/** The Content-Security-Policy source that lets exactly this inline script run. */
export const SCRIPTS_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(SCRIPTS_AFTER_PAINT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html with its entry script and modulepreloads (as Vite writes them) replaced by
 * SCRIPTS_AFTER_PAINT, which also asks for `screenChunks` (the page's own screen, a lazy chunk, and
 * what it imports) beside the entry; unchanged when it has no entry script (a server without a
 * built client).
 */
export function withScriptsAfterPaint(template: string, screenChunks: readonly string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return template;
  const preloads = [...Array.from(template.matchAll(MODULE_PRELOAD), (match) => match[1]), ...screenChunks];
  const boot = `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${SCRIPTS_AFTER_PAINT}</script>`;
  return template.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => boot);
}
