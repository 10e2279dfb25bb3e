import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('keeps paragraphs, list items and line breaks apart', () => {
    expect(htmlToText('<h2>News</h2><p>First line<br>second line</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'News\n\nFirst line\nsecond line\n\n- One\n- Two',
    );
  });

  it('writes links with their address and decodes entities', () => {
    expect(htmlToText('<p>Read <a href="https://example.com/a?x=1&amp;y=2">our <strong>blog</strong></a> &amp; more&nbsp;&#8212;&#x21;</p>')).toBe(
      'Read our blog (https://example.com/a?x=1&y=2) & more \u2014!',
    );
  });

  it('collapses the source formatting', () => {
    expect(htmlToText('<p>\n  Hello\n   world  </p>\n\n\n<p>Bye</p>')).toBe('Hello world\n\nBye');
  });
});
