import { useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  Heading1,
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
import { cx } from '../ui/cx';
import type { HeadingScope } from './rich-text-support';

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

type Props = {
  editor: Editor;
  label: string;
  headings: HeadingScope;
  onLink: () => void;
  disabled?: boolean;
};

/**
 * The formatting buttons, each reachable with Tab and named for screen readers, with the usual
 * shortcuts in the text. In an e-mail the first heading is a level 1 ('Heading 1'); on a page the
 * page's title is the h1, so 'Heading' is level 2 and 'Subheading' level 3.
 */
export function RichTextToolbar({ editor, label, headings, onLink, disabled = false }: Props) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h1: current.isActive('heading', { level: 1 }),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      paragraph: current.isActive('paragraph'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();

  return (
    <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-0.5 border-b-2 border-ink bg-paper px-1 py-1">
      <Tool label="Bold" icon={Bold} shortcut="Control+B" active={state.bold} disabled={disabled} onClick={() => run().toggleBold().run()} />
      <Tool label="Italic" icon={Italic} shortcut="Control+I" active={state.italic} disabled={disabled} onClick={() => run().toggleItalic().run()} />
      <Tool label="Paragraph" icon={Pilcrow} active={state.paragraph} disabled={disabled} onClick={() => run().setParagraph().run()} />
      {headings === 'email' ? (
        <Tool label="Heading 1" icon={Heading1} shortcut="Control+Alt+1" active={state.h1} disabled={disabled} onClick={() => run().toggleHeading({ level: 1 }).run()} />
      ) : null}
      <Tool label="Heading" icon={Heading2} shortcut="Control+Alt+2" active={state.h2} disabled={disabled} onClick={() => run().toggleHeading({ level: 2 }).run()} />
      <Tool label="Subheading" icon={Heading3} shortcut="Control+Alt+3" active={state.h3} disabled={disabled} onClick={() => run().toggleHeading({ level: 3 }).run()} />
      <Tool label="Bulleted list" icon={List} shortcut="Control+Shift+8" active={state.bulletList} disabled={disabled} onClick={() => run().toggleBulletList().run()} />
      <Tool label="Numbered list" icon={ListOrdered} shortcut="Control+Shift+7" active={state.orderedList} disabled={disabled} onClick={() => run().toggleOrderedList().run()} />
      <Tool label="Quote" icon={Quote} shortcut="Control+Shift+B" active={state.blockquote} disabled={disabled} onClick={() => run().toggleBlockquote().run()} />
      <Tool label={state.link ? 'Edit link' : 'Add link'} icon={LinkIcon} active={state.link} disabled={disabled} onClick={onLink} />
      <Tool label="Remove link" icon={Unlink} disabled={disabled || !state.link} onClick={() => run().extendMarkRange('link').unsetLink().run()} />
      <Tool label="Undo" icon={Undo2} shortcut="Control+Z" disabled={disabled || !state.canUndo} onClick={() => run().undo().run()} />
      <Tool label="Redo" icon={Redo2} shortcut="Control+Shift+Z" disabled={disabled || !state.canRedo} onClick={() => run().redo().run()} />
    </div>
  );
}
