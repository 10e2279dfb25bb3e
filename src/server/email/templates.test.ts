import { describe, expect, it } from 'vitest';
import { attributeValues, emailLayout, escapeHtml, renderTemplate, styleLinks } from './templates';

describe('renderTemplate', () => {
  it('fills placeholders, with or without spaces inside the braces, and numbers', () => {
    const out = renderTemplate('Hi {{firstName}}, {{ seats }} seat(s) for {{workshop.title}}.', { firstName: 'Ada', seats: 2, 'workshop.title': 'Clay' }, { html: false });
    expect(out).toBe('Hi Ada, 2 seat(s) for Clay.');
  });

  it('escapes values in HTML mode but leaves the template itself alone', () => {
    const out = renderTemplate('<p>Hello {{name}}</p>', { name: `<script>alert("x")</script> & 'co'` }, { html: true });
    expect(out).toBe('<p>Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>');
  });

  it('keeps values as they are in text mode', () => {
    expect(renderTemplate('Name: {{name}}', { name: 'Tom & <Jerry>' }, { html: false })).toBe('Name: Tom & <Jerry>');
  });

  it('turns unknown keys into nothing, including inherited object properties', () => {
    expect(renderTemplate('[{{missing}}][{{constructor}}][{{toString}}]', {}, { html: true })).toBe('[][][]');
  });

  it('does not expand placeholders that arrive inside a value', () => {
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'secret' }, { html: false })).toBe('{{b}}');
  });

  it('leaves text that only looks like a placeholder', () => {
    expect(renderTemplate('{ {a} } {{a b}} {{}}', { a: 'x' }, { html: false })).toBe('{ {a} } {{a b}} {{}}');
  });
});

describe('renderTemplate: placeholders inside URL attributes', () => {
  const link = (value: string, template = '<a href="{{url}}">x</a>') => renderTemplate(template, { url: value }, { html: true });

  it('keeps http, https and mailto URLs, whatever the case of the scheme, trimmed and escaped', () => {
    expect(link('https://example.com/pay?a=1&b=2')).toBe('<a href="https://example.com/pay?a=1&amp;b=2">x</a>');
    expect(link('  HTTP://example.com ')).toBe('<a href="HTTP://example.com">x</a>');
    expect(link('mailto:ada@example.com')).toBe('<a href="mailto:ada@example.com">x</a>');
    expect(link('x', '<img src="{{url}}" alt="">')).toBe('<img src="#" alt="">');
  });

  it('turns anything else into #: scripts, data, protocol-relative, relative and encoded tricks', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/checkout?booking=1',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'javascript&colon;alert(1)',
      '',
    ]) {
      expect(link(value)).toBe('<a href="#">x</a>');
    }
  });

  it('judges the filled value as a whole, template text included', () => {
    expect(link('1', '<a href="https://site.example/b/{{url}}">x</a>')).toBe('<a href="https://site.example/b/1">x</a>');
    expect(link('javascript:alert(1)', '<a href="https://site.example/?q={{url}}">x</a>')).toBe('<a href="https://site.example/?q=javascript:alert(1)">x</a>');
    // The template's own entity cannot make a scheme either.
    expect(link('alert(1)', '<a href="&#106;avascript:{{url}}">x</a>')).toBe('<a href="#">x</a>');
    expect(link('evil.example', '<a href="//{{url}}">x</a>')).toBe('<a href="#">x</a>');
  });

  it('finds the attribute however it is written: case, single quotes, spaces, no quotes', () => {
    expect(link('javascript:alert(1)', "<A HREF = '{{url}}'>x</A>")).toBe("<A HREF = '#'>x</A>");
    expect(link('javascript:alert(1)', '<a title="t" href={{url}}>x</a>')).toBe('<a title="t" href="#">x</a>');
    // Unquoted values are written quoted, so a space cannot start another attribute.
    expect(link('https://ok.example/ onmouseover=alert(1)', '<a href={{url}}>x</a>')).toBe('<a href="https://ok.example/ onmouseover=alert(1)">x</a>');
    expect(link('a onmouseover=alert(1)', '<b title={{url}}>x</b>')).toBe('<b title="a onmouseover=alert(1)">x</b>');
  });

  it('leaves placeholders in text and in other attributes as plain escaped values', () => {
    expect(link('javascript:alert(1)', '<p title="{{url}}">{{url}}</p>')).toBe('<p title="javascript:alert(1)">javascript:alert(1)</p>');
    // Inside a comment or raw text there is no attribute to fill.
    expect(link('javascript:x', '<!-- <a href="{{url}}"> --><p>{{url}}</p>')).toBe('<!-- <a href="javascript:x"> --><p>javascript:x</p>');
  });
});

describe('attributeValues', () => {
  const names = (html: string) => attributeValues(html).map((a) => [a.name, html.slice(a.start, a.end)]);

  it('reads quoted, unquoted and valueless attributes', () => {
    expect(names('<a href="x y" title=\'t\' hidden data-n=5>')).toEqual([
      ['href', 'x y'],
      ['title', 't'],
      ['data-n', '5'],
    ]);
  });

  it('skips comments (also <!--> and --!>), doctypes and raw text, then reads on', () => {
    expect(names('<!doctype html><!-- <a href="c"> --><!--><a href="1"><!-- x --!><img src="2"><!---><a href="3">')).toEqual([
      ['href', '1'],
      ['src', '2'],
      ['href', '3'],
    ]);
    expect(names('<style>a[title=\'</style><a href="3">\']</style>')).toEqual([['href', '3']]);
    expect(names('<textarea><a href="no"></textarea><a href="4">')).toEqual([['href', '4']]);
  });

  it('treats a lone < as text', () => {
    expect(names('1 < 2 <a href="5">')).toEqual([['href', '5']]);
  });
});

describe('emailLayout', () => {
  it('wraps the body in a 600px inline-styled page with an escaped title', () => {
    const html = emailLayout({ title: 'Booking <confirmed>', bodyHtml: '<p>See you there.</p>', brandName: 'Vibe Coding Workshop' });
    expect(html).toContain('<title>Booking &lt;confirmed&gt;</title>');
    expect(html).toContain('Booking &lt;confirmed&gt;</h1>');
    expect(html).toContain('<p>See you there.</p>');
    expect(html).toContain('max-width:600px');
    expect(html).not.toContain('<style');
    expect(html).not.toContain('border-top');
  });

  it('adds the footer when given, its links styled', () => {
    const html = emailLayout({ title: 'T', bodyHtml: 'b', footerHtml: 'Questions? <a href="https://x.test">Manage booking</a>', brandName: 'Vibe Coding Workshop' });
    expect(html).toMatch(/Questions\? <a href="https:\/\/x\.test" style="[^"]*">Manage booking<\/a><\/td><\/tr>/);
  });

  it("carries the organiser's brand name at the top and its line at the foot, escaped", () => {
    const html = emailLayout({ title: 'T', bodyHtml: 'b', brandName: 'Rock & <Roll> Labs' });
    expect(html).toContain('>Rock &amp; &lt;Roll&gt; Labs</td>');
    expect(html).toContain('>R</td>');
    expect(html).toContain('Rock &amp; &lt;Roll&gt; Labs · Live online workshops on building software prototypes with no-code tools.');
    expect(html).not.toContain('<Roll>');
  });

  it('fits a 320 px phone: no fixed width above it but the 600 px column, which shrinks', () => {
    const html = emailLayout({ title: 'T', bodyHtml: '<p>b</p>', brandName: 'Vibe Coding Workshop' });
    const fixed = [...html.matchAll(/(?:width="|width:)(\d+)/g)].map((match) => Number(match[1])).filter((width) => width > 320);
    expect(fixed).toEqual([600, 600]);
    expect(html).toContain('width:100%;max-width:600px');
    // Long words wrap without shrinking the details table's labels to letters.
    expect(html).toContain('overflow-wrap:break-word');
  });
});

describe('styleLinks', () => {
  it('makes a link alone in its paragraph a button, and styles the others inline', () => {
    const html = styleLinks('<p>Hi</p><p><a href="https://x.test/b?t=1&amp;u=2">See your booking</a></p><p>Or <a href="mailto:a@b.test">write</a>.</p>');
    expect(html).toMatch(/^<p>Hi<\/p><p style="margin:24px 0;"><a href="https:\/\/x\.test\/b\?t=1&amp;u=2" style="display:inline-block;[^"]*background-color:#ff7a1a;[^"]*">See your booking<\/a><\/p>/);
    expect(html).toMatch(/<p>Or <a href="mailto:a@b\.test" style="color:#121212;[^"]*">write<\/a>\.<\/p>$/);
  });

  it("shows a link written as its own address by its site's name, so no raw URL reaches the reader", () => {
    const html = styleLinks('<td><a href="https://zoom.us/j/5550100?pwd=abcdefghijklmnop">https://zoom.us/j/5550100?pwd=abcdefghijklmnop</a></td>');
    expect(html).toMatch(/<a href="https:\/\/zoom\.us\/j\/5550100\?pwd=abcdefghijklmnop" style="[^"]*">zoom\.us<\/a>/);
    expect(html.replace(/href="[^"]*"/g, '')).not.toContain('https://');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
