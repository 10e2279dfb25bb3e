import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<img src="https://x.test/a.png" onerror="alert(1)">', '<img src="https://x.test/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<svg onload="alert(1)"><circle /></svg>ok', 'ok'],
    ['<iframe src="https://evil.test"></iframe>ok', 'ok'],
    ['<p style="position:fixed">x</p>', '<p>x</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
  ])('cleans %s', (dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
  });

  it('keeps ordinary formatting and makes new-tab links safe', () => {
    expect(sanitizeHtml('<h2>T</h2><p><strong>b</strong><br>line</p>')).toBe('<h2>T</h2><p><strong>b</strong><br />line</p>');
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('headings: a page has its own h1, an e-mail does not', () => {
  it('turns an h1 on a page into an h2, keeping its words and dropping its attributes', () => {
    expect(sanitizeHtml('<h1 class="big" onclick="x()">Big news</h1><p>Hello</p>')).toBe('<h2>Big news</h2><p>Hello</p>');
    expect(sanitizeHtml('<h1>One</h1><h2>Two</h2><h3>Three</h3>')).toBe('<h2>One</h2><h2>Two</h2><h3>Three</h3>');
  });

  it('keeps an h1 in an e-mail', () => {
    expect(sanitizeEmailHtml('<h1>Big news</h1><h2>Two</h2><p>Hello</p>')).toBe('<h1>Big news</h1><h2>Two</h2><p>Hello</p>');
  });

  it.each([
    ['<h1 style="position:fixed" onclick="x()">T</h1>', '<h1>T</h1>'],
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<svg onload="alert(1)"><circle /></svg>ok', 'ok'],
    ['<iframe src="https://evil.test"></iframe>ok', 'ok'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
  ])('cleans an e-mail the way it cleans a page: %s', (dirty, clean) => {
    expect(sanitizeEmailHtml(dirty)).toBe(clean);
  });

  it('keeps the same formatting, links and new-tab safety in an e-mail as on a page', () => {
    const html = '<h2>T</h2><p><strong>b</strong> <em>i</em><br />line</p><ul><li>one</li></ul><blockquote><p>q</p></blockquote><a href="mailto:a@example.com">mail</a>';
    expect(sanitizeEmailHtml(html)).toBe(html);
    expect(sanitizeEmailHtml('<a href="https://x.test" target="_blank">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
  });
});
