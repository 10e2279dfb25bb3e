import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

/**
 * What the sanitiser promises for admin-authored HTML (announcements, blog posts, workshop assets):
 * ordinary formatting comes through untouched, links only go to http(s) and mailto, images only
 * come from http(s), and nothing can point at another site by a protocol-relative address.
 */
describe('sanitizeHtml keeps what an admin writes', () => {
  // Already in the sanitiser's own serialisation (self-closing void tags, double quotes), so a
  // clean post must come back byte for byte.
  const cleanPost = [
    '<h2>Agenda</h2><h3>Part one</h3><h4>Setup</h4><h5>Tools</h5><h6>Notes</h6>',
    '<p>Plain, <strong>strong</strong>, <b>bold</b>, <em>emphasis</em>, <i>italic</i>, <u>underline</u>, ',
    '<s>struck</s>, <mark>marked</mark>, <small>small</small>, H<sub>2</sub>O, x<sup>2</sup>, ',
    '<span>span</span> and <code>npm start</code>.<br />Next line.</p><hr />',
    '<blockquote><p>Best workshop this year.</p></blockquote>',
    '<pre><code>const seats = 10;</code></pre>',
    '<ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>',
    '<div><a href="https://example.com/agenda" title="Agenda" target="_self" rel="nofollow">agenda</a> ',
    '<a href="http://example.com/">plain http</a> <a href="mailto:hello@example.com">write to us</a></div>',
    '<figure><img src="https://example.com/room.png" alt="The room" title="Room" width="640" height="480" loading="lazy" />',
    '<figcaption>Our room</figcaption></figure>',
    '<img src="http://example.com/old.png" alt="Old" />',
    '<table><thead><tr><th scope="col" colspan="2" rowspan="1">Session</th></tr></thead>',
    '<tbody><tr><td colspan="1" rowspan="2">Day 1</td><td>Intro</td></tr></tbody></table>',
  ].join('');

  it('returns a clean post unchanged: headings, text formatting, quotes, code, lists, links, figures, tables', () => {
    expect(sanitizeHtml(cleanPost)).toBe(cleanPost);
  });

  it('is stable: cleaning cleaned HTML changes nothing', () => {
    const dirty = '<p onclick="x()">Hi <script>alert(1)</script><a href="//evil.example" target="_blank">x</a></p>';
    const once = sanitizeHtml(dirty);
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe('sanitizeHtml links: http(s) and mailto only', () => {
  it.each(['https://example.com/a', 'http://example.com/a', 'mailto:hello@example.com'])('keeps a link to %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'tel:+15555550100',
    'file:///etc/passwd',
  ])('drops a link to %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  // A protocol-relative address takes the page's own scheme and goes to another host.
  it.each(['//evil.example', '//evil.example/path?q=1', '/\\evil.example', '\\\\evil.example', ' //evil.example'])(
    'drops the protocol-relative link %j',
    (href) => {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    },
  );
});

describe('sanitizeHtml images: http(s) only', () => {
  it.each(['https://example.com/a.png', 'http://example.com/a.png'])('keeps an image from %s', (src) => {
    expect(sanitizeHtml(`<img src="${src}" />`)).toBe(`<img src="${src}" />`);
  });

  it.each(['mailto:hello@example.com', 'data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)', '//evil.example/a.png'])(
    'drops an image source %s',
    (src) => {
      expect(sanitizeHtml(`<img src="${src}" alt="a" />`)).toBe('<img alt="a" />');
    },
  );
});

describe('sanitizeHtml removes what could run or overlay', () => {
  it('drops elements it does not know but keeps their text', () => {
    expect(sanitizeHtml('<p><custom-widget>kept text</custom-widget></p>')).toBe('<p>kept text</p>');
  });

  it('drops event handlers and styles on allowed tags', () => {
    expect(sanitizeHtml('<a href="https://example.com" onmouseover="x()" style="position:fixed">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });

  it('makes every new-tab link drop the opener, whatever rel it had', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
