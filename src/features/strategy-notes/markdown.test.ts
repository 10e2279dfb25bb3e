import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, parseInlineMarkdown, parseMarkdown, safeHref } from './markdown';

const text = (value: string) => ({ type: 'text', text: value });
const html = (source: string) => renderToStaticMarkup(createElement(Markdown, { source, className: 'md' }));

describe('parseMarkdown: blocks', () => {
  it('reads headings # to ###, and #### or deeper as the smallest heading', () => {
    expect(parseMarkdown('# One\n## Two\n### Three\n#### Four')).toEqual([
      { type: 'heading', level: 1, children: [text('One')] },
      { type: 'heading', level: 2, children: [text('Two')] },
      { type: 'heading', level: 3, children: [text('Three')] },
      { type: 'heading', level: 3, children: [text('Four')] },
    ]);
  });

  it('does not take #hashtag (no space) for a heading', () => {
    expect(parseMarkdown('#hashtag')).toEqual([{ type: 'paragraph', children: [text('#hashtag')] }]);
  });

  it('splits paragraphs on blank lines and keeps the line breaks inside one', () => {
    expect(parseMarkdown('first line\nsecond line\n\n\nnext paragraph')).toEqual([
      { type: 'paragraph', children: [text('first line\nsecond line')] },
      { type: 'paragraph', children: [text('next paragraph')] },
    ]);
  });

  it('reads bullet lists with -, * or +, and a plain line under an item as part of it', () => {
    expect(parseMarkdown('- one\n* two\n+ three\n  more of three\n\nafter')).toEqual([
      { type: 'list', ordered: false, start: 1, items: [[text('one')], [text('two')], [text('three\nmore of three')]] },
      { type: 'paragraph', children: [text('after')] },
    ]);
  });

  it('reads numbered lists with their first number, across blank lines between items', () => {
    expect(parseMarkdown('3. three\n4) four\n\n5. five')).toEqual([
      { type: 'list', ordered: true, start: 3, items: [[text('three')], [text('four')], [text('five')]] },
    ]);
  });

  it('ends a list where a list of the other kind starts', () => {
    expect(parseMarkdown('- a\n1. b')).toEqual([
      { type: 'list', ordered: false, start: 1, items: [[text('a')]] },
      { type: 'list', ordered: true, start: 1, items: [[text('b')]] },
    ]);
  });

  it('keeps fenced code verbatim, with its language, and runs an unclosed fence to the end', () => {
    expect(parseMarkdown('```ts\nconst a = **1**;\n<b>x</b>\n\n# not a heading\n```\nafter')).toEqual([
      { type: 'code', language: 'ts', text: 'const a = **1**;\n<b>x</b>\n\n# not a heading' },
      { type: 'paragraph', children: [text('after')] },
    ]);
    expect(parseMarkdown('~~~\nopen')).toEqual([{ type: 'code', language: null, text: 'open' }]);
  });

  it('reads blockquotes, with blocks inside them', () => {
    expect(parseMarkdown('> quoted **text**\n> - item\n\nafter')).toEqual([
      {
        type: 'blockquote',
        children: [
          { type: 'paragraph', children: [text('quoted '), { type: 'strong', children: [text('text')] }] },
          { type: 'list', ordered: false, start: 1, items: [[text('item')]] },
        ],
      },
      { type: 'paragraph', children: [text('after')] },
    ]);
  });

  it('stops nesting blockquotes at a fixed depth', () => {
    const deep = parseMarkdown(`${'>'.repeat(5000)} deep`);
    let depth = 0;
    let block = deep[0]!;
    while (block.type === 'blockquote') {
      depth++;
      block = block.children[0]!;
    }
    expect(depth).toBeLessThanOrEqual(8);
    expect(block.type).toBe('paragraph');
  });

  it('reads --- and *** as rules', () => {
    expect(parseMarkdown('a\n\n---\n\n* * *')).toEqual([{ type: 'paragraph', children: [text('a')] }, { type: 'rule' }, { type: 'rule' }]);
  });

  it('accepts Windows line endings', () => {
    expect(parseMarkdown('# T\r\n\r\nbody')).toEqual([
      { type: 'heading', level: 1, children: [text('T')] },
      { type: 'paragraph', children: [text('body')] },
    ]);
  });
});

describe('parseInlineMarkdown', () => {
  it('reads **bold**, *italic*, _italic_ and `code`', () => {
    expect(parseInlineMarkdown('a **b** *c* _d_ `e`')).toEqual([
      text('a '),
      { type: 'strong', children: [text('b')] },
      text(' '),
      { type: 'em', children: [text('c')] },
      text(' '),
      { type: 'em', children: [text('d')] },
      text(' '),
      { type: 'code', text: 'e' },
    ]);
  });

  it('nests bold inside italic and italic inside bold', () => {
    expect(parseInlineMarkdown('*a **b** c*')).toEqual([
      { type: 'em', children: [text('a '), { type: 'strong', children: [text('b')] }, text(' c')] },
    ]);
    expect(parseInlineMarkdown('**a *b* c**')).toEqual([
      { type: 'strong', children: [text('a '), { type: 'em', children: [text('b')] }, text(' c')] },
    ]);
  });

  it('leaves unmatched markers, spaced stars and snake_case as text', () => {
    expect(parseInlineMarkdown('**open and *lone')).toEqual([text('**open and *lone')]);
    expect(parseInlineMarkdown('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(parseInlineMarkdown('snake_case_name')).toEqual([text('snake_case_name')]);
  });

  it('keeps markup inside code spans literal', () => {
    expect(parseInlineMarkdown('`**not bold** <b>`')).toEqual([{ type: 'code', text: '**not bold** <b>' }]);
    expect(parseInlineMarkdown('``a ` b``')).toEqual([{ type: 'code', text: 'a ` b' }]);
  });

  it('honours backslash escapes', () => {
    expect(parseInlineMarkdown('\\*not italic\\* \\[x\\](y)')).toEqual([text('*not italic* [x](y)')]);
  });

  it('makes links of http, https and mailto addresses', () => {
    expect(parseInlineMarkdown('see [the **docs**](https://example.com/a?b=1) or [mail](mailto:team@example.com)')).toEqual([
      text('see '),
      { type: 'link', href: 'https://example.com/a?b=1', children: [text('the '), { type: 'strong', children: [text('docs')] }] },
      text(' or '),
      { type: 'link', href: 'mailto:team@example.com', children: [text('mail')] },
    ]);
    expect(parseInlineMarkdown('[x](http://example.com/p_(1) "Title")')).toEqual([
      { type: 'link', href: 'http://example.com/p_(1)', children: [text('x')] },
    ]);
  });

  it('shows links to any other address as the text written', () => {
    for (const source of [
      '[click](javascript:alert(1))',
      '[click](JavaScript:alert(1))',
      '[click]( javascript:alert(1) )',
      '[click](data:text/html,<script>alert(1)</script>)',
      '[click](vbscript:msgbox)',
      '[click](/relative/path)',
      '[click](//evil.example.com)',
    ]) {
      expect(parseInlineMarkdown(source), source).toEqual([text(source)]);
    }
  });

  it('does not put a link inside another link', () => {
    expect(parseInlineMarkdown('[a [b](https://b.example) c](https://a.example)')).toEqual([
      { type: 'link', href: 'https://a.example/', children: [text('a b c')] },
    ]);
  });

  it('keeps raw HTML as text', () => {
    expect(parseInlineMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>')).toEqual([
      text('<script>alert(1)</script> <img src=x onerror=alert(1)>'),
    ]);
  });

  it('stays quick on a long line of unmatched markers', () => {
    const started = performance.now();
    parseInlineMarkdown('**a *b `c [d '.repeat(4000));
    expect(performance.now() - started).toBeLessThan(2000);
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
