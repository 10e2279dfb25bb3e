import { Fragment, useMemo, type ReactNode } from 'react';

/**
 * A small, safe markdown renderer for strategy notes. Markdown is parsed into a plain tree
 * (`parseMarkdown`, pure and unit tested) and the tree is turned into React elements. Nothing is
 * ever handed to the browser as HTML: raw HTML in a note shows as text (React escapes it), and a
 * link only becomes a link for http(s) and mailto addresses.
 *
 * Supported: headings # to ###, paragraphs (line breaks kept), bullet and numbered lists,
 * **bold**, *italic* (or _italic_), `inline code`, fenced code blocks, [links](https://…),
 * > blockquotes, --- rules, and backslash escapes.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'code'; language: string | null; text: string }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'rule' };

/** Deeper nesting than this is shown as text: a note cannot make the parser recurse without end. */
const MAX_DEPTH = 8;
/** How far a link's [label] or (address) may reach. */
const MAX_LABEL = 1000;
const MAX_HREF = 2000;

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address to link to, or null when it is not an http(s) or mailto URL (javascript:, data:, relative…). */
export function safeHref(raw: string): string | null {
  const candidate = raw.trim();
  // Spaces or control characters inside an address are never part of a link we make.
  // eslint-disable-next-line no-control-regex
  if (candidate === '' || /[\s\u0000-\u001f\u007f]/.test(candidate)) return null;
  if (!/^(https?:\/\/|mailto:)/i.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const BLANK = /^\s*$/;

type ListKind = 'bullet' | 'ordered';

function listItem(line: string): { kind: ListKind; number: number; text: string } | null {
  const bullet = BULLET.exec(line);
  if (bullet) return { kind: 'bullet', number: 1, text: bullet[1]! };
  const ordered = ORDERED.exec(line);
  if (ordered) return { kind: 'ordered', number: Number(ordered[1]), text: ordered[2]! };
  return null;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || listItem(line) !== null;
}

function parseLines(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
      const body: string[] = [];
      i++;
      while (i < lines.length && !closing.test(lines[i]!)) body.push(lines[i++]!);
      i++; // the closing fence (or the end of the note when it was never closed)
      blocks.push({ type: 'code', language: fence[2] ? fence[2] : null, text: body.join('\n') });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      // #### and deeper are shown as the smallest heading rather than as stray hashes.
      const level = Math.min(heading[1]!.length, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '', depth) });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }

    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length) {
        const match = QUOTE.exec(lines[i]!);
        if (!match) break;
        quoted.push(match[1]!);
        i++;
      }
      blocks.push(
        depth < MAX_DEPTH
          ? { type: 'blockquote', children: parseLines(quoted, depth + 1) }
          : { type: 'paragraph', children: [{ type: 'text', text: quoted.join('\n') }] },
      );
      continue;
    }

    const first = listItem(line);
    if (first) {
      const items: string[][] = [[first.text]];
      i++;
      while (i < lines.length) {
        const current = lines[i]!;
        const next = listItem(current);
        if (next && next.kind === first.kind) {
          items.push([next.text]);
          i++;
        } else if (BLANK.test(current)) {
          // A blank line ends the list unless another item of the same kind follows.
          let j = i;
          while (j < lines.length && BLANK.test(lines[j]!)) j++;
          const after = j < lines.length ? listItem(lines[j]!) : null;
          if (!after || after.kind !== first.kind) break;
          i = j;
        } else if (/^[ \t]+\S/.test(current) || (!startsBlock(current) && !next)) {
          // An indented line, or a plain line right under an item, continues that item.
          items[items.length - 1]!.push(current.trim());
          i++;
        } else {
          break;
        }
      }
      blocks.push({
        type: 'list',
        ordered: first.kind === 'ordered',
        start: first.number,
        items: items.map((item) => parseInline(item.join('\n'), depth)),
      });
      continue;
    }

    const paragraph: string[] = [line.trim()];
    i++;
    while (i < lines.length && !BLANK.test(lines[i]!) && !startsBlock(lines[i]!)) paragraph.push(lines[i++]!.trim());
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n'), depth) });
  }
  return blocks;
}

/** The block tree of a note's markdown. Pure: no DOM, no HTML. */
export function parseMarkdown(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n'), 0);
}

// ---------------------------------------------------------------- inlines

const ESCAPABLE = new Set('\\`*_{}[]()#+-.!>~|<'.split(''));
const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

function pushText(nodes: Inline[], text: string): void {
  if (text === '') return;
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text') last.text += text;
  else nodes.push({ type: 'text', text });
}

/** Index of the `]` closing the `[` at `open`, counting nested brackets; -1 when none is near. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  const end = Math.min(text.length, open + MAX_LABEL);
  for (let k = open; k < end; k++) {
    const ch = text[k];
    if (ch === '\\') k++;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) return k;
  }
  return -1;
}

/** Index of the `)` closing the `(` at `open`, allowing balanced parentheses inside the address. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  const end = Math.min(text.length, open + MAX_HREF);
  for (let k = open; k < end; k++) {
    const ch = text[k];
    if (ch === '\n') return -1;
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return k;
  }
  return -1;
}

/** A link inside a link's label is not a link of its own (HTML forbids <a> in <a>): keep its text. */
function withoutLinks(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.type === 'link') for (const child of withoutLinks(node.children)) appendNode(out, child);
    else if (node.type === 'strong' || node.type === 'em') out.push({ ...node, children: withoutLinks(node.children) });
    else appendNode(out, node);
  }
  return out;
}

function appendNode(nodes: Inline[], node: Inline): void {
  if (node.type === 'text') pushText(nodes, node.text);
  else nodes.push(node);
}

/**
 * Parses inline markup. `failed` remembers, per closing delimiter, the position from which a
 * search already found none, so a long line full of unmatched `**` stays linear.
 */
function parseInline(text: string, depth: number): Inline[] {
  const nodes: Inline[] = [];
  if (depth >= MAX_DEPTH) {
    pushText(nodes, text);
    return nodes;
  }
  const failed = new Map<string, number>();
  const find = (key: string, from: number, search: (from: number) => number): number => {
    const known = failed.get(key);
    if (known !== undefined && from >= known) return -1;
    const found = search(from);
    if (found === -1) failed.set(key, Math.min(known ?? Infinity, from));
    return found;
  };

  let i = 0;
  let plain = '';
  const flush = () => {
    pushText(nodes, plain);
    plain = '';
  };

  while (i < text.length) {
    const ch = text[i]!;

    if (ch === '\\' && i + 1 < text.length && ESCAPABLE.has(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }

    if (ch === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      const close = find(`code${run}`, i + run, (from) => {
        let at = text.indexOf(fence, from);
        // The closing run must be exactly as long as the opening one.
        while (at !== -1 && (text[at + run] === '`' || text[at - 1] === '`')) at = text.indexOf(fence, at + 1);
        return at;
      });
      if (close === -1) {
        plain += fence;
        i += run;
        continue;
      }
      let code = text.slice(i + run, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      flush();
      nodes.push({ type: 'code', text: code });
      i = close + run;
      continue;
    }

    if ((ch === '*' || ch === '_') && text[i + 1] === ch && !isSpace(text[i + 2])) {
      const marker = ch + ch;
      // Underscores inside words (snake_case) are not emphasis.
      const opens = ch === '*' || !isWordChar(text[i - 1]);
      const close = opens
        ? find(`strong${ch}`, i + 3, (from) => {
            let at = text.indexOf(marker, from);
            while (at !== -1 && (isSpace(text[at - 1]) || (ch === '_' && isWordChar(text[at + 2])))) at = text.indexOf(marker, at + 1);
            return at;
          })
        : -1;
      if (close !== -1) {
        flush();
        nodes.push({ type: 'strong', children: parseInline(text.slice(i + 2, close), depth + 1) });
        i = close + 2;
        continue;
      }
      plain += marker;
      i += 2;
      continue;
    }

    if ((ch === '*' || ch === '_') && !isSpace(text[i + 1]) && text[i + 1] !== ch) {
      const opens = ch === '*' || !isWordChar(text[i - 1]);
      const close = opens
        ? find(`em${ch}`, i + 2, (from) => {
            let at = text.indexOf(ch, from);
            while (
              at !== -1 &&
              (isSpace(text[at - 1]) || text[at + 1] === ch || text[at - 1] === ch || (ch === '_' && isWordChar(text[at + 1])))
            ) {
              // Skip a doubled marker (the **strong** inside *em **strong** em*) as a whole.
              at = text.indexOf(ch, text[at + 1] === ch ? at + 2 : at + 1);
            }
            return at;
          })
        : -1;
      if (close !== -1) {
        flush();
        nodes.push({ type: 'em', children: parseInline(text.slice(i + 1, close), depth + 1) });
        i = close + 1;
        continue;
      }
      plain += ch;
      i += 1;
      continue;
    }

    if (ch === '[') {
      const labelEnd = closingBracket(text, i);
      const parenEnd = labelEnd !== -1 && text[labelEnd + 1] === '(' ? closingParen(text, labelEnd + 1) : -1;
      if (parenEnd !== -1) {
        // An optional "title" after the address is accepted and not shown.
        const target = text.slice(labelEnd + 2, parenEnd).trim().replace(/\s+"[^"]*"$/, '');
        const href = safeHref(target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target);
        if (href) {
          flush();
          nodes.push({ type: 'link', href, children: withoutLinks(parseInline(text.slice(i + 1, labelEnd), depth + 1)) });
        } else {
          // Any other address (javascript:, data:, relative) stays exactly as written, as text.
          plain += text.slice(i, parenEnd + 1);
        }
        i = parenEnd + 1;
        continue;
      }
      plain += ch;
      i += 1;
      continue;
    }

    plain += ch;
    i += 1;
  }
  flush();
  return nodes;
}

/** The inline tree of one line of markdown (exported for tests). */
export function parseInlineMarkdown(text: string): Inline[] {
  return parseInline(text, 0);
}

// ---------------------------------------------------------------- React

function renderInlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={index}>{renderInlines(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInlines(node.children)}</em>;
      case 'code':
        return (
          <code key={index} className="rounded border border-ink/30 bg-paper-deep px-1 py-0.5 font-mono text-[0.9em] break-words">
            {node.text}
          </code>
        );
      case 'link': {
        const external = !node.href.startsWith('mailto:');
        return (
          <a
            key={index}
            href={node.href}
            className="font-semibold underline decoration-2 underline-offset-2 break-words"
            {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
          >
            {renderInlines(node.children)}
          </a>
        );
      }
    }
  });
}

/**
 * Note headings sit under the tab's <h2> and the note's own <h3> title, so markdown's # to ###
 * become <h4> to <h6> and the page outline stays in order.
 */
const headingTags = { 1: 'h4', 2: 'h5', 3: 'h6' } as const;
const headingClasses = { 1: 'text-lg font-extrabold', 2: 'text-base font-extrabold', 3: 'text-sm font-extrabold uppercase tracking-label' } as const;

function renderBlocks(blocks: Block[]): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.type) {
      case 'heading': {
        const Tag = headingTags[block.level];
        return (
          <Tag key={index} className={headingClasses[block.level]}>
            {renderInlines(block.children)}
          </Tag>
        );
      }
      case 'paragraph':
        return (
          <p key={index} className="whitespace-pre-line break-words">
            {renderInlines(block.children)}
          </p>
        );
      case 'list': {
        const items = block.items.map((item, itemIndex) => (
          <li key={itemIndex} className="whitespace-pre-line break-words">
            {renderInlines(item)}
          </li>
        ));
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start} className="list-decimal space-y-1 pl-6">
            {items}
          </ol>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-6">
            {items}
          </ul>
        );
      }
      case 'code':
        return (
          <pre key={index} className="overflow-x-auto rounded-brutal border-2 border-ink bg-paper-deep p-3 text-sm">
            <code className="font-mono" data-language={block.language ?? undefined}>
              {block.text}
            </code>
          </pre>
        );
      case 'blockquote':
        return (
          <blockquote key={index} className="space-y-2 border-l-4 border-ink/40 pl-3 text-ink-soft">
            {renderBlocks(block.children)}
          </blockquote>
        );
      case 'rule':
        return <hr key={index} className="border-t-2 border-ink/20" />;
    }
  });
}

/** React elements for a parsed note. */
export function renderMarkdown(blocks: Block[]): ReactNode[] {
  return renderBlocks(blocks);
}

/** A note's markdown, rendered safely. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return <div className={className ?? 'space-y-3 text-sm leading-relaxed'}>{renderBlocks(blocks)}</div>;
}
