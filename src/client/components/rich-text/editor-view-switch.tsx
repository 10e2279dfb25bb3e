import { useId } from 'react';
import { smallButtonClasses } from '../ui/dialog';
import { cx } from '../ui/cx';

export type EditorView = 'rich' | 'html';

const VIEWS: { view: EditorView; label: string }[] = [
  { view: 'rich', label: 'Rich text' },
  { view: 'html', label: 'HTML' },
];

/** Two buttons, one pressed: the way the text is edited now. */
export function EditorViewSwitch({ label, view, onChange, disabled }: { label: string; view: EditorView; onChange: (view: EditorView) => void; disabled?: boolean }) {
  return (
    <div role="group" aria-label={`${label}: edit as`} className="inline-flex rounded-brutal border-2 border-ink bg-white p-0.5">
      {VIEWS.map((option) => (
        <button
          key={option.view}
          type="button"
          aria-pressed={view === option.view}
          disabled={disabled}
          onClick={() => {
            if (view !== option.view) onChange(option.view);
          }}
          className={cx(
            'min-h-11 rounded px-3 text-xs font-bold uppercase tracking-label',
            view === option.view ? 'bg-ink text-paper' : 'text-ink hover:bg-paper-deep',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Asked before HTML goes into the rich editor when the editor would lose some of it: says what,
 * so the author can stay in HTML.
 */
export function DropConfirm({ dropped, onConfirm, onCancel }: { dropped: string[]; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  return (
    <div role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className="flex flex-wrap items-center gap-2 border-b-2 border-ink bg-accent-soft px-3 py-2">
      <div className="mr-auto text-sm">
        <p id={`${id}-title`} className="font-bold">
          Switch to rich text?
        </p>
        <p id={`${id}-text`}>
          Rich text keeps headings, paragraphs, lists, quotes, links and emphasis. Switching would drop: {dropped.join(', ')}.
        </p>
      </div>
      <button type="button" className={smallButtonClasses('secondary')} onClick={onCancel} autoFocus>
        Keep HTML
      </button>
      <button type="button" className={smallButtonClasses('primary')} onClick={onConfirm}>
        Switch and drop them
      </button>
    </div>
  );
}
