import { Archive, Pencil } from 'lucide-react';
import { memo } from 'react';
import { Badge } from '../../../../client/components/ui/badge';
import { DeleteAction, RowButton } from '../../../../client/components/ui/resource-view';
import { Markdown } from '../../../../client/components/markdown';
import { CATEGORY_LABELS, type StrategyNote } from '../../strategy-notes.schema';
import { formatNoteDate } from '../note-format';

type Props = {
  note: StrategyNote;
  busy: boolean;
  onEdit: (note: StrategyNote) => void;
  onArchive: (note: StrategyNote) => void;
  onDelete: (note: StrategyNote) => void;
};

/** One active note: title, category, its markdown rendered, when it last changed, and its actions. */
export const StrategyNoteCard = memo(function StrategyNoteCard({ note, busy, onEdit, onArchive, onDelete }: Props) {
  const titleId = `strategy-note-${note.id}-title`;
  return (
    <article aria-labelledby={titleId} className="flex min-w-0 flex-col rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <header className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-extrabold break-words">
          {note.title}
        </h3>
        {note.category ? <Badge tone="secondary">{CATEGORY_LABELS[note.category]}</Badge> : null}
      </header>
      <Markdown source={note.content} className="min-w-0 flex-1 space-y-3 text-sm leading-relaxed" />
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t-2 border-paper-deep pt-3">
        <p className="text-xs text-ink-soft">
          Updated <time dateTime={note.updatedAt}>{formatNoteDate(note.updatedAt)}</time>
        </p>
        <div className="flex flex-wrap gap-1">
          <RowButton tone="secondary" label={`Edit ${note.title}`} icon={<Pencil aria-hidden="true" className="size-4" />} word="Edit" onClick={() => onEdit(note)} />
          <RowButton
            tone="secondary"
            label={`Archive ${note.title}`}
            icon={<Archive aria-hidden="true" className="size-4" />}
            word="Archive"
            disabled={busy}
            onClick={() => onArchive(note)}
          />
          <DeleteAction label={`Delete ${note.title}`} onDelete={() => onDelete(note)} />
        </div>
      </footer>
    </article>
  );
});
