import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Nodes, Parents, Root } from 'mdast';
import { useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
// remark-parse declares the processor's `micromarkExtensions` data, read by react-markdown's parser.
import type {} from 'remark-parse';
import type { Processor } from 'unified';

/**
 * Markdown written by the admin (strategy notes, the legal pages), rendered by react-markdown (CommonMark, docs/decisions/012). It builds
 * React elements and never hands HTML to the browser; on top of it this module keeps the notes'
 * safety rules:
 *
 * - raw HTML is not markup: `<script>` in a note shows as the text written;
 * - a link only becomes a link for http(s) and mailto addresses; any other ([x](javascript:…),
 *   relative, data:) shows exactly as written, as text;
 * - nesting is bounded: containers deeper than MAX_DEPTH at the start of a line show as text, and
 *   whatever still nests deeper in the tree (emphasis) is flattened to its text, so a note cannot
 *   make the renderer recurse without end.
 *
 * Supported: headings # to ### (#### and deeper as ###), paragraphs (line breaks kept), bullet and
 * numbered lists, **bold**, *italic* (or _italic_), `inline code`, fenced code blocks,
 * [links](https://…), > blockquotes, --- rules, and backslash escapes.
 */

/** Deeper nesting than this is shown as text. */
const MAX_DEPTH = 8;

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

// ---------------------------------------------------------------- before parsing

/** One container marker at the start of a line: '>', a bullet or a number, and the space after it. */
const CONTAINER_MARKER = /(>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]*/y;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * Escapes the container marker past MAX_DEPTH at the start of a line ('>>>>>>>>>\>…'), so it is
 * text. The parser's time grows much faster than the length with such nesting ('- - - - …' over a
 * long line takes seconds), and the deep tree it builds would overflow the stack when rendered.
 */
function capLineNesting(line: string): string {
  if (THEMATIC_BREAK.test(line)) return line;
  let at = line.length - line.trimStart().length;
  for (let depth = 0; ; depth++) {
    CONTAINER_MARKER.lastIndex = at;
    const marker = CONTAINER_MARKER.exec(line)?.[1];
    if (marker === undefined) return line;
    if (depth === MAX_DEPTH) {
      // '\>' and '\-' are escapes; a number is escaped at its '.' or ')': '12\.'.
      const cut = /\d/.test(marker) ? at + marker.length - 1 : at;
      return `${line.slice(0, cut)}\\${line.slice(cut)}`;
    }
    at = CONTAINER_MARKER.lastIndex;
  }
}

// ---------------------------------------------------------------- remark plugins

/**
 * Turns off the CommonMark constructs notes never had: raw HTML (shown as text instead), indented
 * code and underlined (setext) headings (an indented line or a '---' under text stays as written),
 * images (no third-party requests from a note), autolinks and link reference definitions.
 */
function notesSubset(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push({
    disable: { null: ['htmlFlow', 'htmlText', 'codeIndented', 'setextUnderline', 'labelStartImage', 'autolink', 'definition'] },
  });
}

const NESTING: ReadonlySet<string> = new Set(['blockquote', 'list', 'emphasis', 'strong', 'delete', 'link']);
const PHRASING: ReadonlySet<string> = new Set(['emphasis', 'strong', 'delete', 'link']);

/** The text of a subtree, without recursion: the subtree may be thousands of levels deep. */
function textOf(node: Nodes): string {
  const parts: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if ('value' in current) parts.push(current.value);
    else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
  return parts.join('');
}

/**
 * Bounds the tree's depth (NESTING nodes past MAX_DEPTH become their text) and makes every list
 * tight, so list items hold their lines directly, as they always did, and never extra paragraphs.
 */
function boundTree(parent: Parents, depth: number): void {
  if (parent.type === 'list' || parent.type === 'listItem') parent.spread = false;
  parent.children.forEach((child, index) => {
    if (!('children' in child)) return;
    const nests = NESTING.has(child.type);
    if (nests && depth >= MAX_DEPTH) {
      const text = { type: 'text', value: textOf(child) } as const;
      (parent.children as Nodes[])[index] = PHRASING.has(child.type) ? text : { type: 'paragraph', children: [text] };
    } else {
      boundTree(child, nests ? depth + 1 : depth);
    }
  });
}

const boundedTree = () => (tree: Root) => boundTree(tree, 0);

/**
 * The HTML tree puts a '\n' text between an item's blocks (text, then a nested list); list items
 * keep their line breaks (white-space: pre-line), where that '\n' would show as an empty line.
 */
function dropItemSeparators(node: HastRoot | RootContent): void {
  if (node.type !== 'root' && node.type !== 'element') return;
  if (node.type === 'element' && node.tagName === 'li') {
    node.children = node.children.filter((child) => !(child.type === 'text' && child.value === '\n'));
  }
  node.children.forEach(dropItemSeparators);
}

const itemsWithoutSeparators = () => dropItemSeparators;

// ---------------------------------------------------------------- React

/** react-markdown keeps an address only when this gives one back: http(s) and mailto, normalised. */
const urlTransform = (url: string) => safeHref(url);

/** A fenced code block's text (without the newline the parser adds) and its language. */
function fencedCode(pre: Element | undefined): { text: string; language: string | undefined } {
  const code = pre?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const text = (code?.children ?? []).map((child) => (child.type === 'text' ? child.value : '')).join('');
  const classes = code?.properties.className;
  const language = (Array.isArray(classes) ? classes : []).map(String).find((name) => name.startsWith('language-'));
  return { text: text.replace(/\n$/, ''), language: language?.slice('language-'.length) };
}

type HeadingLevel = 2 | 3 | 4 | 5 | 6;
const HEADING_CLASSES: Record<HeadingLevel, string> = {
  2: 'pt-2 text-2xl font-black',
  3: 'pt-1 text-xl font-extrabold',
  4: 'text-lg font-extrabold',
  5: 'text-base font-extrabold',
  6: 'text-sm font-extrabold uppercase tracking-label',
};
const headingComponent = (level: HeadingLevel) => {
  const Tag = `h${level}` as const;
  return ({ children }: { children?: ReactNode }) => <Tag className={HEADING_CLASSES[level]}>{children}</Tag>;
};

/**
 * Markdown's # becomes <h{top}>, ## the level below it, and so on down to <h6>, so the page outline
 * stays in order under the heading the text sits in: a note's # is an <h4> (under the tab's <h2>
 * and the note's <h3>), a legal page's an <h2> (under the page's <h1>).
 */
function componentsFor(source: string, top: HeadingLevel): Components {
  const level = (depth: number) => headingComponent(Math.min(top + depth, 6) as HeadingLevel);
  return {
    h1: level(0),
    h2: level(1),
    h3: level(2),
    h4: level(2),
    h5: level(2),
    h6: level(2),
    p: ({ children }) => <p className="whitespace-pre-line break-words">{children}</p>,
    ul: ({ children }) => <ul className="list-disc space-y-1 pl-6">{children}</ul>,
    ol: ({ children, start }) => (
      <ol start={start === 1 ? undefined : start} className="list-decimal space-y-1 pl-6">
        {children}
      </ol>
    ),
    li: ({ children }) => <li className="whitespace-pre-line break-words">{children}</li>,
    // Only inline code reaches this: a fenced block is written whole by `pre`.
    code: ({ children }) => <code className="rounded border border-ink/30 bg-paper-deep px-1 py-0.5 font-mono text-[0.9em] break-words">{children}</code>,
    pre: ({ node }) => {
      const { text, language } = fencedCode(node);
      return (
        <pre className="overflow-x-auto rounded-brutal border-2 border-ink bg-paper-deep p-3 text-sm">
          <code className="font-mono" data-language={language}>
            {text}
          </code>
        </pre>
      );
    },
    blockquote: ({ children }) => <blockquote className="space-y-2 border-l-4 border-ink/40 pl-3 text-ink-soft">{children}</blockquote>,
    hr: () => <hr className="border-t-2 border-ink/20" />,
    a: ({ href, children, node }) => {
      if (!href) {
        // urlTransform refused the address: the link shows exactly as written, as text.
        const start = node?.position?.start.offset;
        const end = node?.position?.end.offset;
        return start === undefined || end === undefined ? children : source.slice(start, end);
      }
      const external = !href.startsWith('mailto:');
      return (
        <a
          href={href}
          className="font-semibold underline decoration-2 underline-offset-2 break-words"
          {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
        >
          {children}
        </a>
      );
    },
  };
}

const remarkPlugins = [notesSubset, boundedTree];
const rehypePlugins = [itemsWithoutSeparators];

/** Markdown rendered safely; `headingLevel` is the element markdown's # becomes (default h4, for notes). */
export function Markdown({ source, className, headingLevel = 4 }: { source: string; className?: string; headingLevel?: HeadingLevel }) {
  const prepared = useMemo(() => source.replace(/\r\n?/g, '\n').split('\n').map(capLineNesting).join('\n'), [source]);
  const components = useMemo(() => componentsFor(prepared, headingLevel), [prepared, headingLevel]);
  return (
    <div className={className ?? 'space-y-3 text-sm leading-relaxed'}>
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} urlTransform={urlTransform} components={components}>
        {prepared}
      </ReactMarkdown>
    </div>
  );
}
