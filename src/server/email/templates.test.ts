import { describe, expect, it } from 'vitest';
import { emailLayout, escapeHtml, renderTemplate } from './templates';

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

describe('emailLayout', () => {
  it('wraps the body in a 600px inline-styled page with an escaped title', () => {
    const html = emailLayout({ title: 'Booking <confirmed>', bodyHtml: '<p>See you there.</p>' });
    expect(html).toContain('<title>Booking &lt;confirmed&gt;</title>');
    expect(html).toContain('Booking &lt;confirmed&gt;</h1>');
    expect(html).toContain('<p>See you there.</p>');
    expect(html).toContain('max-width:600px');
    expect(html).not.toContain('<style');
    expect(html).not.toContain('border-top');
  });

  it('adds the footer when given', () => {
    expect(emailLayout({ title: 'T', bodyHtml: 'b', footerHtml: '<a href="https://x.test">Manage booking</a>' })).toContain(
      '<a href="https://x.test">Manage booking</a></td></tr>',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
