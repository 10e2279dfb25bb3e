import { describe, expect, it } from 'vitest';
import { materialLinksFrom, truncateText } from './material-links';

describe('materialLinksFrom', () => {
  it('keeps one http(s) link per line, trimmed, in order', () => {
    expect(materialLinksFrom(' https://example.com/a \r\nhttp://example.com/b\n\n')).toEqual(['https://example.com/a', 'http://example.com/b']);
  });

  it('drops lines that are not http(s) URLs', () => {
    expect(materialLinksFrom('javascript:alert(1)\nftp://example.com/x\nBring a laptop\nhttps://\nHTTPS://EXAMPLE.COM/ok')).toEqual([
      'HTTPS://EXAMPLE.COM/ok',
    ]);
  });

  it('answers an empty list for nothing stored', () => {
    expect(materialLinksFrom(null)).toEqual([]);
    expect(materialLinksFrom('')).toEqual([]);
  });
});

describe('truncateText', () => {
  it('leaves text of at most the limit alone', () => {
    expect(truncateText('a'.repeat(100), 100)).toEqual({ text: 'a'.repeat(100), truncated: false });
  });

  it('cuts longer text to the limit and adds an ellipsis', () => {
    expect(truncateText('b'.repeat(101), 100)).toEqual({ text: `${'b'.repeat(100)}…`, truncated: true });
  });

  it('never splits an emoji in half', () => {
    const { text } = truncateText('😀'.repeat(101), 100);
    expect(Array.from(text)).toHaveLength(101);
  });
});
