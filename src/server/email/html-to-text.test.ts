import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('turns paragraphs and line breaks into lines', () => {
    expect(htmlToText('<p>Hi Ada,</p><p>Line one<br>line two</p>')).toBe('Hi Ada,\n\nLine one\nline two');
  });

  it('keeps headings, paragraphs, list items and line breaks apart', () => {
    expect(htmlToText('<h2>News</h2><p>First line<br>second line</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'News\n\nFirst line\nsecond line\n\n- One\n- Two',
    );
  });

  it('reads a two-column details table as "Label: value"', () => {
    const html = '<table><tr><td><strong>When</strong></td><td>July 4</td></tr><tr><td><strong>Booking</strong></td><td>#12</td></tr></table>';
    expect(htmlToText(html)).toBe('When: July 4\nBooking: #12');
  });

  it('keeps link targets: the address alone when it is the text, else "text: address"', () => {
    expect(htmlToText('<a href="https://zoom.us/j/1?a=1&amp;b=2">https://zoom.us/j/1?a=1&amp;b=2</a>')).toBe('https://zoom.us/j/1?a=1&b=2');
    expect(htmlToText('<p><a href="https://x.test/p">See your booking</a></p>')).toBe('See your booking: https://x.test/p');
  });

  it('writes a link with markup inside, and decodes entities around it', () => {
    expect(htmlToText('<p>Read <a href="https://example.com/a?x=1&amp;y=2">our <strong>blog</strong></a> &amp; more&nbsp;&#8212;&#x21;</p>')).toBe(
      'Read our blog: https://example.com/a?x=1&y=2 & more \u2014!',
    );
    expect(htmlToText('<p><a href="https://x.test/p"></a></p>')).toBe('https://x.test/p');
  });

  it('decodes entities exactly once', () => {
    expect(htmlToText('<p>&lt;b&gt; &amp;amp; &quot;x&quot; &#39;y&#39; &#x263A;</p>')).toBe('<b> &amp; "x" \'y\' ☺');
    expect(htmlToText('<a href="https://x.test">&amp;lt;</a>')).toBe('&lt;: https://x.test');
  });

  it('collapses the source formatting', () => {
    expect(htmlToText('<p>\n  Hello\n   world  </p>\n\n\n<p>Bye</p>')).toBe('Hello world\n\nBye');
  });

  it('drops the head and any script', () => {
    expect(htmlToText('<html><head><title>T</title></head><body><p>Body</p><script>x()</script></body></html>')).toBe('Body');
    expect(htmlToText('<title>T</title><style>p{}</style><p>Body</p><script>x()</script>')).toBe('Body');
  });
});
