import { ArchiveRestore } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { EmptyState, ListStates } from '../../../client/components/ui/data-table';
import { DeleteAction, DeleteConfirmation, ResourceToolbar, RowButton } from '../../../client/components/ui/resource-view';
import { FilterSelect } from '../../../client/components/ui/form';
import { Skeleton } from '../../../client/components/ui/skeleton';
import { namedTexts, useAdminResource, useResourceEditor } from '../../../client/lib/admin-resource';
import { isCategoryFilter, splitNotes, type CategoryFilter } from '../notes-list';
import { CATEGORY_LABELS, STRATEGY_NOTE_CATEGORIES, type StrategyNote, type StrategyNoteInput, type StrategyNoteUpdate } from '../strategy-notes.schema';
import { strategyNotesResource } from './api/strategy-notes-resource';
import { StrategyNoteCard } from './components/strategy-note-card';
import { StrategyNoteFormDialog } from './components/strategy-note-form-dialog';
import { formatNoteDate } from './note-format';

const FILTER_OPTIONS: { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All categories' },
  ...STRATEGY_NOTE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
  { value: 'none', label: 'No category' },
];

/** The toasts; a save from the Restore form that brings the note back says so. */
const textsFor = (restoring: boolean) =>
  namedTexts<StrategyNote>(strategyNotesResource.names, {
    created: (note) => `"${note.title}" was added.`,
    updated: (note) => (restoring && !note.isArchived ? `"${note.title}" is active again.` : `"${note.title}" was saved.`),
    deleted: (note) => `"${note.title}" was deleted.`,
  });

const archived = (note: StrategyNote) => ({ title: 'Strategy Note Archived', description: `"${note.title}" moved to Archived Notes.` });

function NotesSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2" aria-hidden="true">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-48 w-full" />
      ))}
    </div>
  );
}

/**
 * The Strategy Notes tab: active notes as cards with their markdown rendered,
 * and a separate Archived Notes section whose Restore opens the edit form.
 */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function StrategyNotesTab({ csvActions }: { csvActions?: ReactNode }) {
  const resource = useAdminResource<StrategyNote, StrategyNoteInput, StrategyNoteUpdate>(strategyNotesResource);
  const [restoring, setRestoring] = useState(false);
  const editor = useResourceEditor(resource, textsFor(restoring));
  const [filter, setFilter] = useState<CategoryFilter>('all');

  const notes = resource.list.data;
  const { active, archived: archivedNotes } = useMemo(() => splitNotes(notes ?? [], filter), [notes, filter]);
  const anyArchived = notes?.some((note) => note.isArchived) ?? false;

  const openEdit = (note: StrategyNote, restore: boolean) => {
    setRestoring(restore);
    editor.openEdit(note);
  };
  const openNew = () => {
    setRestoring(false);
    editor.openNew();
  };
  const onEdit = (note: StrategyNote) => openEdit(note, false);
  const onArchive = (note: StrategyNote) => editor.change(note, { isArchived: true }, archived);

  return (
    <div>
      <ResourceToolbar add={{ label: 'Add Note', onClick: openNew }}>
        <div className="flex flex-1 flex-wrap items-end gap-3">
          <FilterSelect
            id="strategy-notes-filter"
            label="Category"
            className="w-full sm:w-56"
            value={filter}
            options={FILTER_OPTIONS}
            onChange={(value) => {
              if (isCategoryFilter(value)) setFilter(value);
            }}
          />
          {csvActions}
        </div>
      </ResourceToolbar>

      <ListStates
        query={resource.list}
        loadingLabel="Loading strategy notes"
        skeleton={<NotesSkeleton />}
        loadFailed="Failed to load strategy notes. Please try again."
        empty={
          notes?.length === 0
            ? { title: 'No strategy notes yet', children: 'Use Add Note to write down how you run a workshop: preparation, activities, feedback.' }
            : null
        }
      >
        {active.length === 0 ? (
          <EmptyState title={filter === 'all' ? 'No active notes' : 'No active notes in this category'}>
            {filter === 'all' ? 'Every note is archived. Restore one below or add a new note.' : 'Choose another category or add a note.'}
          </EmptyState>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {active.map((note) => (
              <StrategyNoteCard key={note.id} note={note} busy={editor.changingId === note.id} onEdit={onEdit} onArchive={onArchive} onDelete={editor.deletion.ask} />
            ))}
          </div>
        )}

        {anyArchived ? (
          <section aria-labelledby="archived-notes-heading" className="mt-8">
            <h3 id="archived-notes-heading" className="mb-3 text-lg font-extrabold">
              Archived Notes
            </h3>
            {archivedNotes.length === 0 ? (
              <p className="text-sm text-ink-soft">No archived notes in this category.</p>
            ) : (
              <ul className="divide-y-2 divide-paper-deep rounded-brutal border-2 border-ink bg-white">
                {archivedNotes.map((note) => (
                  <li key={note.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                    <div className="min-w-0">
                      <p className="font-bold break-words">{note.title}</p>
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-soft">
                        {note.category ? <Badge tone="paper">{CATEGORY_LABELS[note.category]}</Badge> : null}
                        <span>
                          Updated <time dateTime={note.updatedAt}>{formatNoteDate(note.updatedAt)}</time>
                        </span>
                      </p>
                    </div>
                    <div className="flex gap-1">
                      <RowButton
                        tone="secondary"
                        label={`Restore ${note.title}`}
                        icon={<ArchiveRestore aria-hidden="true" className="size-4" />}
                        word="Restore"
                        onClick={() => openEdit(note, true)}
                      />
                      <DeleteAction label={`Delete ${note.title}`} onDelete={() => editor.deletion.ask(note)} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </ListStates>

      <StrategyNoteFormDialog key={editor.opening} {...editor.form} restoring={restoring} />

      <DeleteConfirmation
        deletion={editor.deletion}
        title={() => 'Delete this strategy note?'}
        description={(note) => `"${note.title}" will be removed for good. Archive it instead to keep it out of the way.`}
        verb={{ label: 'Delete note', busy: 'Deleting…' }}
      />
    </div>
  );
}
