import { createHash } from 'node:crypto';

/**
 * Runs inline in the <head> of a page whose HTML already holds its first screen, in place of the
 * entry's module script: once the document is parsed and has painted, it asks for the entry (and
 * the chunks the entry imports, as modulepreloads). Until that paint the HTML and its inline
 * stylesheet have the line to themselves, instead of sharing it with 80 KB of scripts that the
 * first screen does not need (on Lighthouse's simulated phone line, '/' painted at 1.5–1.7 s with
 * the scripts in the head and at about 0.7 s without them). Written for every browser that runs
 * module scripts; the entry and its chunks come from the tag's data attributes.
 *
 * Until the app has taken the page over, a tap on a button that only the app can work (an FAQ
 * question, a date, the menu) would do nothing: such taps are held (window.__earlyTaps) and the
 * app makes them again once it can (client/components/deferred-part.tsx). Once React hydrates
 * (window.__hydrating), it replays taps itself, except in a part still waiting for its code
 * ([data-deferred-part]), whose taps are still held. Links and fields work without the app and are
 * left to the browser.
 */
export const SCRIPTS_AFTER_PAINT = `(function (boot) {
  var held = [];
  function hold(event) {
    var button = event.target && event.target.closest && event.target.closest('button');
    if (!button || button.type !== 'button' || button.disabled) return;
    if (window.__hydrating && !button.closest('[data-deferred-part]')) return;
    held.push(button);
  }
  document.addEventListener('click', hold, true);
  window.__earlyTaps = function () {
    document.removeEventListener('click', hold, true);
    return held.splice(0);
  };
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
