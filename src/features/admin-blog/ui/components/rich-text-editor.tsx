import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Pilcrow,
  Quote,
  Redo2,
  Undo2,
  Unlink,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../../../client/components/ui/cx';
import { controlClasses } from '../../../../client/components/ui/form';

type ToolProps = {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  /** A state button (bold, heading…): announced as pressed when on. */
  active?: boolean;
  disabled?: boolean;
  shortcut?: string;
};

function Tool({ label, icon: Icon, onClick, active, disabled, shortcut }: ToolProps) {
  return (
    <button
      type="button"
      // Keeps the editor's selection: the button acts on it without taking focus from the text first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${label} (${shortcut.replace('Control', 'Ctrl')})` : label}
      className={cx(
        'inline-flex size-11 items-center justify-center rounded-brutal border-2 transition-colors disabled:opacity-40',
        active ? 'border-ink bg-accent' : 'border-transparent hover:bg-paper-deep',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

/** Adds, changes or removes the link on the selected text; only http(s) and mailto addresses. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const inputId = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);

  const apply = () => {
    const value = href.trim();
    if (!/^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(value)) {
      setError('Enter an address starting with https://, http:// or mailto:');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    onDone();
  };

  return (
    // Not a <form>: the editor sits inside the post's form, and forms do not nest.
    <div role="group" className="flex flex-wrap items-start gap-2 border-b-2 border-ink bg-paper px-2 py-2" aria-label="Link">
      <div className="min-w-48 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Link address
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="url"
          inputMode="url"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onDone();
              editor.commands.focus();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          placeholder="https://example.com"
          className={controlClasses}
        />
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <button type="button" onClick={apply} className="min-h-11 rounded-brutal border-2 border-ink bg-accent px-3 text-sm font-bold">
        Apply link
      </button>
      <button
        type="button"
        onClick={() => {
          onDone();
          editor.commands.focus();
        }}
        className="min-h-11 rounded-brutal border-2 border-ink bg-white px-3 text-sm font-bold"
      >
        Cancel
      </button>
    </div>
  );
}

type Props = {
  /** The visible label; also the editing area's accessible name. */
  label: string;
  /** HTML the editor starts from; read again only when `resetKey` changes. */
  initialHtml: string;
  resetKey: string | number;
  onChange: (html: string) => void;
  hint?: string;
};

/**
 * The blog's rich-text editor (Tiptap): paragraphs, headings (level 2 and 3: the post's title is
 * its level 1), bold, italic, lists, quotes and links. Everything works from the keyboard: the
 * toolbar's buttons are reachable with Tab and the usual shortcuts (Ctrl+B, Ctrl+I…) work in
 * the text. The HTML is cleaned again by the server when saved.
 */
export function RichTextEditor({ label, initialHtml, resetKey, onChange, hint }: Props) {
  const labelId = useId();
  const hintId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: initialHtml,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(hint ? { 'aria-describedby': hintId } : {}),
        class: 'rich-text min-h-56 px-4 py-3 text-base outline-none',
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  // A different post (or a fresh form) replaces the text without re-creating the editor.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(initialHtml, { emitUpdate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new resetKey starts over
  }, [editor, resetKey]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            paragraph: current.isActive('paragraph'),
            bulletList: current.isActive('bulletList'),
            orderedList: current.isActive('orderedList'),
            blockquote: current.isActive('blockquote'),
            link: current.isActive('link'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-bold" onClick={() => editor?.commands.focus()}>
          {label}
        </span>
      </div>
      <div className="rounded-brutal border-2 border-ink bg-white shadow-brutal-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ink">
        <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-0.5 border-b-2 border-ink bg-paper px-1 py-1">
          {editor && state ? (
            <>
              <Tool label="Bold" icon={Bold} shortcut="Control+B" active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()} />
              <Tool label="Italic" icon={Italic} shortcut="Control+I" active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()} />
              <Tool label="Paragraph" icon={Pilcrow} active={state.paragraph} onClick={() => editor.chain().focus().setParagraph().run()} />
              <Tool label="Heading" icon={Heading2} shortcut="Control+Alt+2" active={state.h2} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()} />
              <Tool label="Subheading" icon={Heading3} shortcut="Control+Alt+3" active={state.h3} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()} />
              <Tool label="Bulleted list" icon={List} shortcut="Control+Shift+8" active={state.bulletList} onClick={() => editor.chain().focus().toggleBulletList().run()} />
              <Tool label="Numbered list" icon={ListOrdered} shortcut="Control+Shift+7" active={state.orderedList} onClick={() => editor.chain().focus().toggleOrderedList().run()} />
              <Tool label="Quote" icon={Quote} shortcut="Control+Shift+B" active={state.blockquote} onClick={() => editor.chain().focus().toggleBlockquote().run()} />
              <Tool label={state.link ? 'Edit link' : 'Add link'} icon={LinkIcon} active={state.link} onClick={() => setLinkOpen(true)} />
              <Tool label="Remove link" icon={Unlink} disabled={!state.link} onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()} />
              <Tool label="Undo" icon={Undo2} shortcut="Control+Z" disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()} />
              <Tool label="Redo" icon={Redo2} shortcut="Control+Shift+Z" disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()} />
            </>
          ) : null}
        </div>
        {editor && linkOpen ? <LinkForm editor={editor} onDone={() => setLinkOpen(false)} /> : null}
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
