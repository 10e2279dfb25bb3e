import { describe, expect, it } from 'vitest';
import { SCRIPTS_AFTER_PAINT, withScriptsAfterPaint } from './scripts-after-paint';

// The head Vite writes: the entry as a module script, the chunks it imports as modulepreloads.
const BUILT = [
  '<head><!--app-meta-->',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/cx-def.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/icon-123.js">',
  '    <style>h1{color:tomato}</style>',
  '  </head><body><div id="root"></div></body>',
].join('\n');

const bootTag = (html: string) => /<script data-entry="([^"]*)" data-preload="([^"]*)">([\s\S]*?)<\/script>/.exec(html);

describe('withScriptsAfterPaint', () => {
  it('replaces the entry script and its modulepreloads with the inline script that asks for them after the paint', () => {
    const html = withScriptsAfterPaint(BUILT);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const tag = bootTag(html);
    expect(tag?.[1]).toBe('/assets/index-abc.js');
    expect(tag?.[2]).toBe('/assets/cx-def.js /assets/icon-123.js');
    expect(tag?.[3]).toBe(SCRIPTS_AFTER_PAINT);
    // Everything else stays where it was.
    expect(html).toContain('<head><!--app-meta-->');
    expect(html).toContain('<style>h1{color:tomato}</style>');
    expect(html).toContain('<div id="root"></div>');
  });

  it("adds the page's screen chunks after the entry's own", () => {
    const tag = bootTag(withScriptsAfterPaint(BUILT, ['/assets/checkout-page-9.js', '/assets/zod-7.js']));
    expect(tag?.[2]).toBe('/assets/cx-def.js /assets/icon-123.js /assets/checkout-page-9.js /assets/zod-7.js');
  });

  it('leaves a page without an entry script alone (a server without a built client)', () => {
    const bare = '<head><!--app-meta--></head><body><div id="root"></div></body>';
    expect(withScriptsAfterPaint(bare, ['/assets/x.js'])).toBe(bare);
  });
});
