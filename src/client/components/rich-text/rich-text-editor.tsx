import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { cx } from '../ui/cx';
import { controlClasses, FieldError } from '../ui/form';
import { DropConfirm, EditorViewSwitch, type EditorView } from './editor-view-switch';
import { LinkForm } from './link-form';
import { richTextExtensions } from './rich-text-extensions';
import { droppedByRichText, toEditorHtml, type HeadingScope } from './rich-text-support';
import { RichTextToolbar } from './rich-text-toolbar';

/** What a form may ask of the editor besides its value: a placeholder chip puts text at the caret. */
export type RichTextHandle = { insertText: (text: string) => void };

export type RichTextEditorProps = {
  /** The visible label; also the editing area's accessible name, in either view. */
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** 'email': the author may use a level-1 heading; 'page': the page has its own h1. */
  headings: HeadingScope;
  id?: string;
  error?: string;
  hint?: string;
  readOnly?: boolean;
  /** Links may point at a `{{key}}` placeholder (e-mail templates, messages). */
  placeholderLinks?: boolean;
  /** The HTML view's example text. */
  htmlPlaceholder?: string;
  /** Height of the editing area in both views (a Tailwind min-height class). */
  minHeight?: string;
  onFocus?: () => void;
  ref?: Ref<RichTextHandle>;
};

/** The editor's HTML, blank when it holds nothing, without the empty paragraphs a last Enter leaves. */
const emptyAsBlank = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''));

/**
 * The rich-text editor for everything an admin writes (Tiptap): paragraphs, headings, bold,
 * italic, lists, quotes and links, all from the keyboard; and an HTML view of the same value for
 * those who want it. HTML the editor could not keep (tables, images, styles…) opens in the HTML
 * view, and switching it to rich text says first what would be dropped. The server cleans the
 * HTML again when it is saved.
 */
export function RichTextEditor({ label, value, onChange, headings, id, error, hint, readOnly = false, placeholderLinks = false, htmlPlaceholder, minHeight = 'min-h-56', onFocus, ref }: RichTextEditorProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  const labelId = `${fieldId}-label`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  const [view, setView] = useState<EditorView>(() => (droppedByRichText(value, headings).length > 0 ? 'html' : 'rich'));
  const [dropping, setDropping] = useState<string[] | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // The value this editor last handed out: any other value comes from outside (a reset, a template
  // loaded) and replaces the text.
  const emitted = useRef(value);
  // The same, for rendering: what the author typed keeps the view they chose.
  const [ownValue, setOwnValue] = useState(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const emit = (html: string) => {
    emitted.current = html;
    setOwnValue(html);
    onChangeRef.current(html);
  };

  const editor = useEditor({
    extensions: richTextExtensions(headings, placeholderLinks),
    content: view === 'rich' ? toEditorHtml(value, headings) : '',
    editable: !readOnly,
    shouldRerenderOnTransaction: false,
    // Given again on every render, so the name, description and state follow the label, hint and error.
    editorProps: {
      attributes: {
        id: `${fieldId}-rich`,
        role: 'textbox',
        'aria-multiline': 'true',
        // Only the view on screen is named by the label: the hidden one is no second 'Content'.
        ...(view === 'rich' ? { 'aria-labelledby': labelId } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        class: cx('rich-text px-4 py-3 text-base outline-none', minHeight),
      },
    },
    onUpdate: ({ editor: current }) => emit(emptyAsBlank(current)),
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  // A value from outside (a reset, another template loaded) opens in the view that keeps it all:
  // rich text when it can, else HTML, so nothing is lost unseen. What the author types is not
  // from outside and keeps the view they chose.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== ownValue) setView(droppedByRichText(value, headings).length > 0 ? 'html' : 'rich');
  }

  // Any other value from outside replaces the rich editor's text; the HTML view shows it as it is.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    if (view === 'html' || !editor || editor.isDestroyed) return;
    editor.commands.setContent(toEditorHtml(value, headings), { emitUpdate: false });
  }, [value, view, editor, headings]);

  const loadIntoEditor = () => {
    if (!editor) return;
    editor.commands.setContent(toEditorHtml(value, headings), { emitUpdate: false });
    setView('rich');
    setDropping(null);
    // What the editor holds is now the value: what it dropped must not be saved unseen.
    const html = emptyAsBlank(editor);
    if (html !== value) emit(html);
  };

  const switchTo = (next: EditorView) => {
    setLinkOpen(false);
    if (next === 'html') {
      setDropping(null);
      setView('html');
      return;
    }
    const dropped = droppedByRichText(value, headings);
    if (dropped.length > 0) setDropping(dropped);
    else loadIntoEditor();
  };

  useImperativeHandle(ref, () => ({
    insertText: (text: string) => {
      if (view === 'rich' && editor) {
        editor.chain().focus().insertContent({ type: 'text', text }).run();
        return;
      }
      const area = textareaRef.current;
      const at = area?.selectionStart ?? value.length;
      const end = area?.selectionEnd ?? at;
      emit(`${value.slice(0, at)}${text}${value.slice(end)}`);
      // The textarea shows the new value on the next render; the caret goes after the insertion.
      window.setTimeout(() => {
        area?.focus();
        area?.setSelectionRange(at + text.length, at + text.length);
      }, 0);
    },
  }));

  return (
    <div onFocus={onFocus}>
      <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
        {view === 'html' ? (
          <label id={labelId} htmlFor={`${fieldId}-html`} className="text-sm font-bold">
            {label}
          </label>
        ) : (
          <span id={labelId} className="text-sm font-bold" onClick={() => editor?.commands.focus()}>
            {label}
          </span>
        )}
        <EditorViewSwitch label={label} view={view} onChange={switchTo} disabled={readOnly} />
      </div>
      <div
        className={cx(
          'rounded-brutal border-2 bg-white shadow-brutal-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ink',
          error ? 'border-danger' : 'border-ink',
        )}
      >
        {dropping ? <DropConfirm dropped={dropping} onConfirm={loadIntoEditor} onCancel={() => setDropping(null)} /> : null}
        {view === 'rich' && editor ? (
          <>
            <RichTextToolbar editor={editor} label={label} headings={headings} onLink={() => setLinkOpen(true)} disabled={readOnly} />
            {linkOpen ? <LinkForm editor={editor} onDone={() => setLinkOpen(false)} placeholders={placeholderLinks} /> : null}
          </>
        ) : null}
        <div hidden={view !== 'rich'}>
          <EditorContent editor={editor} />
        </div>
        {view === 'html' ? (
          <textarea
            ref={textareaRef}
            id={`${fieldId}-html`}
            value={value}
            onChange={(event) => emit(event.target.value)}
            readOnly={readOnly}
            spellCheck={false}
            placeholder={htmlPlaceholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cx(controlClasses, 'resize-y rounded-none border-0 font-mono text-sm shadow-none', minHeight)}
          />
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
