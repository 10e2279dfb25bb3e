// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { richTextExtensions } from './rich-text-extensions';
import type { HeadingScope } from './rich-text-support';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** The HTML as it comes back out of the editor after loading it. */
function roundTrip(html: string, headings: HeadingScope, placeholderLinks = false): string {
  editor = new Editor({ extensions: richTextExtensions(headings, placeholderLinks), content: html });
  return editor.getHTML();
}

describe('the rich editor keeps', () => {
  it("a template's placeholders, in text and in a link's address", () => {
    const html = roundTrip('<p>Hi {{firstName}}, <a href="{{participantLink}}">see your booking</a></p>', 'email', true);
    expect(html).toContain('Hi {{firstName}},');
    expect(html).toContain('href="{{participantLink}}"');
  });

  it('an h1 in an e-mail, and no h1 on a page', () => {
    expect(roundTrip('<h1>Big news</h1>', 'email')).toBe('<h1>Big news</h1>');
    expect(roundTrip('<h1>Big news</h1>', 'page')).not.toContain('<h1');
  });

  it('no javascript: link, placeholders allowed or not', () => {
    expect(roundTrip('<p><a href="javascript:alert(1)">x</a></p>', 'email', true)).not.toContain('javascript:');
  });
});
