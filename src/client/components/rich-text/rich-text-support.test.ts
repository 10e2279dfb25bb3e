// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { droppedByRichText, PLACEHOLDER_HREF, toEditorHtml } from './rich-text-support';

describe('droppedByRichText', () => {
  it('finds nothing to drop in what the editor keeps', () => {
    const html =
      '<h2>T</h2><h3>S</h3><p><strong>b</strong> <em>i</em> <a href="https://x.test">l</a><br>x</p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>q</p></blockquote><hr>';
    expect(droppedByRichText(html, 'page')).toEqual([]);
    expect(droppedByRichText('', 'page')).toEqual([]);
    expect(droppedByRichText('just text', 'page')).toEqual([]);
  });

  it('names tables, images, layout and styles, once each, in order', () => {
    expect(droppedByRichText('<table><tr><td><img src="a.png"></td></tr></table><img src="b.png">', 'email')).toEqual(['table', 'tbody', 'tr', 'td', 'img']);
    expect(droppedByRichText('<div><p style="color:red">x</p></div>', 'page')).toEqual(['div', 'style attributes']);
    expect(droppedByRichText('<p><span class="x">a</span><span>b</span></p>', 'page')).toEqual(['span']);
  });

  it('keeps h1 in an e-mail and on a page (as h2), but not h4', () => {
    expect(droppedByRichText('<h1>A</h1>', 'email')).toEqual([]);
    expect(droppedByRichText('<h1>A</h1>', 'page')).toEqual([]);
    expect(droppedByRichText('<h4>A</h4>', 'email')).toEqual(['h4']);
  });

  it('says when text sits beside the paragraphs (a template HTML placeholder)', () => {
    expect(droppedByRichText('<p>Hi {{firstName}},</p>{{details}}<p>Bye</p>', 'email')).toEqual(['text outside paragraphs']);
    expect(droppedByRichText('<p>Hi {{firstName}}, <a href="{{participantLink}}">see</a></p>', 'email')).toEqual([]);
  });
});

describe('toEditorHtml', () => {
  it('turns an h1 into an h2 on a page only', () => {
    expect(toEditorHtml('<h1>Big <em>news</em></h1><p>x</p>', 'page')).toBe('<h2>Big <em>news</em></h2><p>x</p>');
    expect(toEditorHtml('<h1>Big</h1>', 'email')).toBe('<h1>Big</h1>');
  });
});

describe('PLACEHOLDER_HREF', () => {
  it('matches a placeholder and nothing else', () => {
    expect(PLACEHOLDER_HREF.test('{{participantLink}}')).toBe(true);
    expect(PLACEHOLDER_HREF.test('{{ payLink }}')).toBe(true);
    expect(PLACEHOLDER_HREF.test('javascript:{{x}}')).toBe(false);
  });
});
