import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown';

/** The rendered note; the line breaks between tags (insignificant in HTML) are left out. */
const html = (source: string) => renderToStaticMarkup(createElement(Markdown, { source, className: 'md' })).replace(/>\n</g, '><');
/** The rendered note's content, without the wrapper. */
const inner = (source: string) => html(source).replace(/^<div class="md">|<\/div>$/g, '');

const P = '<p class="whitespace-pre-line break-words">';
const LI = '<li class="whitespace-pre-line break-words">';
const UL = '<ul class="list-disc space-y-1 pl-6">';
const OL = '<ol class="list-decimal space-y-1 pl-6">';
const CODE = '<code class="rounded border border-ink/30 bg-paper-deep px-1 py-0.5 font-mono text-[0.9em] break-words">';
const PRE = '<pre class="overflow-x-auto rounded-brutal border-2 border-ink bg-paper-deep p-3 text-sm">';
const QUOTE = '<blockquote class="space-y-2 border-l-4 border-ink/40 pl-3 text-ink-soft">';
const HR = '<hr class="border-t-2 border-ink/20"/>';
const A = (href: string) => `<a href="${href}" class="font-semibold underline decoration-2 underline-offset-2 break-words" target="_blank" rel="noopener noreferrer nofollow">`;
const count = (text: string, part: string) => text.split(part).length - 1;

describe('Markdown: blocks', () => {
  it('reads headings # to ### as <h4> to <h6>, and #### or deeper as the smallest heading', () => {
    expect(inner('# One\n## Two\n### Three\n#### Four')).toBe(
      '<h4 class="text-lg font-extrabold">One</h4>' +
        '<h5 class="text-base font-extrabold">Two</h5>' +
        '<h6 class="text-sm font-extrabold uppercase tracking-label">Three</h6>' +
        '<h6 class="text-sm font-extrabold uppercase tracking-label">Four</h6>',
    );
  });

  it('does not take #hashtag (no space) for a heading', () => {
    expect(inner('#hashtag')).toBe(`${P}#hashtag</p>`);
  });

  it('splits paragraphs on blank lines and keeps the line breaks inside one', () => {
    expect(inner('first line\nsecond line\n\n\nnext paragraph')).toBe(`${P}first line\nsecond line</p>${P}next paragraph</p>`);
  });

  it('reads bullet lists, and a plain line under an item as part of it', () => {
    expect(inner('- one\n- two\n  more of two\n\nafter')).toBe(`${UL}${LI}one</li>${LI}two\nmore of two</li></ul>${P}after</p>`);
    // CommonMark: another bullet character starts another list.
    expect(inner('* one\n+ two')).toBe(`${UL}${LI}one</li></ul>${UL}${LI}two</li></ul>`);
  });

  it('reads numbered lists with their first number, across blank lines between items, without paragraphs in them', () => {
    expect(inner('3. three\n4. four\n\n5. five')).toBe(
      `<ol start="3" class="list-decimal space-y-1 pl-6">${LI}three</li>${LI}four</li>${LI}five</li></ol>`,
    );
  });

  it('ends a list where a list of the other kind starts', () => {
    expect(inner('- a\n1. b')).toBe(`${UL}${LI}a</li></ul>${OL}${LI}b</li></ol>`);
  });

  it('nests a list in an item without an empty line before it', () => {
    expect(inner('- a\n  - b')).toBe(`${UL}${LI}a${UL}${LI}b</li></ul></li></ul>`);
  });

  it('keeps fenced code verbatim, with its language, and runs an unclosed fence to the end', () => {
    expect(inner('```ts\nconst a = **1**;\n<b>x</b>\n\n# not a heading\n```\nafter')).toBe(
      `${PRE}<code class="font-mono" data-language="ts">const a = **1**;\n&lt;b&gt;x&lt;/b&gt;\n\n# not a heading</code></pre>${P}after</p>`,
    );
    expect(inner('~~~\nopen')).toBe(`${PRE}<code class="font-mono">open</code></pre>`);
  });

  it('reads blockquotes, with blocks inside them', () => {
    expect(inner('> quoted **text**\n> - item\n\nafter')).toBe(
      `${QUOTE}${P}quoted <strong>text</strong></p>${UL}${LI}item</li></ul></blockquote>${P}after</p>`,
    );
  });

  it.each([
    { kind: 'blockquotes', source: `${'>'.repeat(5000)} deep`, tag: '<blockquote', rest: `${P}${'&gt;'.repeat(4992)} deep</p>` },
    { kind: 'lists', source: `${'- '.repeat(20000)}x`, tag: '<ul', rest: `${LI}${'- '.repeat(19992)}x</li>` },
  ])('stops nesting $kind at a fixed depth, quickly, showing the rest as text', ({ source, tag, rest }) => {
    const started = performance.now();
    const out = html(source);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(count(out, tag)).toBe(8);
    expect(out).toContain(rest);
  });

  it('stops nesting emphasis at a fixed depth, keeping the text', () => {
    const out = inner(`${'*'.repeat(40)}x${'*'.repeat(40)}`);
    expect(count(out, '<strong>') + count(out, '<em>')).toBe(8);
    expect(out).toContain('x');
  });

  it('reads --- and *** as rules, and a --- under text as text and a rule (no underlined headings)', () => {
    expect(inner('a\n\n---\n\n* * *')).toBe(`${P}a</p>${HR}${HR}`);
    expect(inner('a\n---')).toBe(`${P}a</p>${HR}`);
  });

  it('keeps indented lines as text, not code', () => {
    expect(inner('    indented')).toBe(`${P}indented</p>`);
  });

  it('accepts Windows line endings', () => {
    expect(inner('# T\r\n\r\nbody')).toBe(`<h4 class="text-lg font-extrabold">T</h4>${P}body</p>`);
  });
});

describe('Markdown: inline', () => {
  it('reads **bold**, *italic*, _italic_ and `code`', () => {
    expect(inner('a **b** *c* _d_ `e`')).toBe(`${P}a <strong>b</strong> <em>c</em> <em>d</em> ${CODE}e</code></p>`);
  });

  it('nests bold inside italic and italic inside bold', () => {
    expect(inner('*a **b** c*')).toBe(`${P}<em>a <strong>b</strong> c</em></p>`);
    expect(inner('**a *b* c**')).toBe(`${P}<strong>a <em>b</em> c</strong></p>`);
  });

  it('leaves unmatched markers, spaced stars and snake_case as text', () => {
    expect(inner('**open and *lone')).toBe(`${P}**open and *lone</p>`);
    expect(inner('2 * 3 * 4')).toBe(`${P}2 * 3 * 4</p>`);
    expect(inner('snake_case_name')).toBe(`${P}snake_case_name</p>`);
  });

  it('keeps markup inside code spans literal', () => {
    expect(inner('`**not bold** <b>`')).toBe(`${P}${CODE}**not bold** &lt;b&gt;</code></p>`);
    expect(inner('``a ` b``')).toBe(`${P}${CODE}a \` b</code></p>`);
  });

  it('honours backslash escapes', () => {
    expect(inner('\\*not italic\\* \\[x\\](y)')).toBe(`${P}*not italic* [x](y)</p>`);
  });

  it('makes links of http, https and mailto addresses', () => {
    expect(inner('see [the **docs**](https://example.com/a?b=1) or [mail](mailto:team@example.com)')).toBe(
      `${P}see ${A('https://example.com/a?b=1')}the <strong>docs</strong></a> or ` +
        '<a href="mailto:team@example.com" class="font-semibold underline decoration-2 underline-offset-2 break-words">mail</a></p>',
    );
    expect(inner('[x](http://example.com/p_(1) "Title")')).toBe(`${P}${A('http://example.com/p_(1)')}x</a></p>`);
  });

  it('shows links to any other address as the text written', () => {
    for (const source of [
      '[click](javascript:alert(1))',
      '[click](JavaScript:alert(1))',
      '[click]( javascript:alert(1) )',
      '[click](vbscript:msgbox)',
      '[click](/relative/path)',
      '[click](//evil.example.com)',
    ]) {
      expect(inner(source), source).toBe(`${P}${source}</p>`);
    }
    expect(inner('[click](data:text/html,<script>alert(1)</script>)')).toBe(`${P}[click](data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;)</p>`);
  });

  it('does not put a link inside another link', () => {
    const out = inner('[a [b](https://b.example) c](https://a.example)');
    expect(count(out, '<a ')).toBe(1);
    expect(out).toBe(`${P}[a ${A('https://b.example/')}b</a> c](https://a.example)</p>`);
  });

  it('shows no images, autolinks or reference links: they stay as written', () => {
    expect(inner('![alt](https://x.example/i.png)')).not.toContain('<img');
    expect(inner('<https://x.example>')).toBe(`${P}&lt;https://x.example&gt;</p>`);
    expect(inner('[r]: javascript:alert(1)\n\n[a][r]')).toBe(`${P}[r]: javascript:alert(1)</p>${P}[a][r]</p>`);
  });

  it('keeps raw HTML as text', () => {
    expect(inner('<script>alert(1)</script> <img src=x onerror=alert(1)>')).toBe(
      `${P}&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>`,
    );
    expect(inner('<div>\n*x*\n</div>')).toBe(`${P}&lt;div&gt;\n<em>x</em>\n&lt;/div&gt;</p>`);
  });

  it('stays quick on a long line of unmatched markers: time grows with the length, not its square', () => {
    const line = (repeats: number) => '**a *b `c [d '.repeat(repeats);
    html(line(100));
    /** Best of two runs: other work on the machine only ever adds time. */
    const timeFor = (repeats: number) =>
      Math.min(
        ...[0, 1].map(() => {
          const started = performance.now();
          html(line(repeats));
          return performance.now() - started;
        }),
      );
    const short = timeFor(1000);
    const long = timeFor(4000);
    // Four times the text: about four times the time when linear, sixteen when quadratic.
    expect(long / short).toBeLessThan(10);
    expect(long).toBeLessThan(10_000);
  });
});

describe('safeHref', () => {
  it('accepts http(s) and mailto only', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('HTTP://example.com/x')).toBe('http://example.com/x');
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    for (const bad of ['javascript:alert(1)', 'java\tscript:alert(1)', 'https://exa mple.com', 'ftp://example.com', '/path', '#top', '']) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
});

describe('Markdown (rendered)', () => {
  it('renders each construct as its element', () => {
    expect(html('# T\n\n**b** *i* `c` [l](https://example.com)\n\n- x\n\n1. y\n\n> q\n\n```\ncode\n```')).toBe(
      '<div class="md">' +
        '<h4 class="text-lg font-extrabold">T</h4>' +
        '<p class="whitespace-pre-line break-words"><strong>b</strong> <em>i</em> ' +
        '<code class="rounded border border-ink/30 bg-paper-deep px-1 py-0.5 font-mono text-[0.9em] break-words">c</code> ' +
        '<a href="https://example.com/" class="font-semibold underline decoration-2 underline-offset-2 break-words" target="_blank" rel="noopener noreferrer nofollow">l</a></p>' +
        '<ul class="list-disc space-y-1 pl-6"><li class="whitespace-pre-line break-words">x</li></ul>' +
        '<ol class="list-decimal space-y-1 pl-6"><li class="whitespace-pre-line break-words">y</li></ol>' +
        '<blockquote class="space-y-2 border-l-4 border-ink/40 pl-3 text-ink-soft"><p class="whitespace-pre-line break-words">q</p></blockquote>' +
        '<pre class="overflow-x-auto rounded-brutal border-2 border-ink bg-paper-deep p-3 text-sm"><code class="font-mono">code</code></pre>' +
        '</div>',
    );
  });

  it('never turns <script> or a javascript: link into markup', () => {
    const out = html('<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n```\n<script>bad()</script>\n```\n\n<a href="javascript:alert(1)">y</a>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<a ');
    expect(out).not.toMatch(/href="/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('[x](javascript:alert(1))');
  });
});
