import { ArchiveRestore, Plus } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { EmptyState, ErrorState } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { DeleteAction, RowButton } from '../../../client/components/ui/resource-view';
import { FilterSelect } from '../../../client/components/ui/form';
import { Skeleton } from '../../../client/components/ui/skeleton';
import { toast } from '../../../client/components/ui/toast-store';
import { isCategoryFilter, splitNotes, type CategoryFilter } from '../notes-list';
import { CATEGORY_LABELS, STRATEGY_NOTE_CATEGORIES, type StrategyNote } from '../strategy-notes.schema';
import { useDeleteStrategyNote } from './api/delete-strategy-note';
import { useStrategyNotes } from './api/get-strategy-notes';
import { useUpdateStrategyNote } from './api/save-strategy-note';
import { StrategyNoteCard } from './components/strategy-note-card';
import { serverMessage, StrategyNoteFormDialog, type NoteFormTarget } from './components/strategy-note-form-dialog';
import { formatNoteDate } from './note-format';

const FILTER_OPTIONS: { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All categories' },
  ...STRATEGY_NOTE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
  { value: 'none', label: 'No category' },
];

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
 * The Strategy Notes tab (spec §2, §4, §8): active notes as cards with their markdown rendered,
 * and a separate Archived Notes section whose Restore opens the edit form.
 */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function StrategyNotesTab({ csvActions }: { csvActions?: ReactNode }) {
  const notesQuery = useStrategyNotes();
  const updating = useUpdateStrategyNote();
  const removal = useDeleteStrategyNote();
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const [formTarget, setFormTarget] = useState<NoteFormTarget | null>(null);
  const [toDelete, setToDelete] = useState<StrategyNote | null>(null);

  const notes = notesQuery.data;
  const { active, archived } = useMemo(() => splitNotes(notes ?? [], filter), [notes, filter]);
  const anyArchived = notes?.some((note) => note.isArchived) ?? false;

  const { mutate: update } = updating;
  const onEdit = useCallback((note: StrategyNote) => setFormTarget({ mode: 'edit', note }), []);
  const onDelete = useCallback((note: StrategyNote) => setToDelete(note), []);
  const onArchive = useCallback(
    (note: StrategyNote) =>
      update(
        { id: note.id, changes: { isArchived: true } },
        {
          onSuccess: () => toast({ title: 'Strategy Note Archived', description: `"${note.title}" moved to Archived Notes.` }),
          onError: (error) => toast({ title: 'Failed to update strategy note', description: serverMessage(error), variant: 'destructive' }),
        },
      ),
    [update],
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    const note = toDelete;
    removal.mutate(note.id, {
      onSuccess: () => {
        toast({ title: 'Strategy Note Deleted', description: `"${note.title}" was deleted.` });
        setToDelete(null);
      },
      onError: (error) => toast({ title: 'Failed to delete strategy note', description: serverMessage(error), variant: 'destructive' }),
    });
  };

  const archivingId = updating.isPending ? updating.variables?.id : undefined;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setFormTarget({ mode: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          Add Note
        </button>
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

      {notesQuery.isPending ? (
        <NotesSkeleton />
      ) : notesQuery.isError ? (
        <ErrorState message="Failed to load strategy notes. Please try again." onRetry={() => void notesQuery.refetch()} />
      ) : !notes || notes.length === 0 ? (
        <EmptyState title="No strategy notes yet">Use Add Note to write down how you run a workshop: preparation, activities, feedback.</EmptyState>
      ) : (
        <>
          {active.length === 0 ? (
            <EmptyState title={filter === 'all' ? 'No active notes' : 'No active notes in this category'}>
              {filter === 'all' ? 'Every note is archived. Restore one below or add a new note.' : 'Choose another category or add a note.'}
            </EmptyState>
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {active.map((note) => (
                <StrategyNoteCard key={note.id} note={note} busy={archivingId === note.id} onEdit={onEdit} onArchive={onArchive} onDelete={onDelete} />
              ))}
            </div>
          )}

          {anyArchived ? (
            <section aria-labelledby="archived-notes-heading" className="mt-8">
              <h3 id="archived-notes-heading" className="mb-3 text-lg font-extrabold">
                Archived Notes
              </h3>
              {archived.length === 0 ? (
                <p className="text-sm text-ink-soft">No archived notes in this category.</p>
              ) : (
                <ul className="divide-y-2 divide-paper-deep rounded-brutal border-2 border-ink bg-white">
                  {archived.map((note) => (
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
                          onClick={() => setFormTarget({ mode: 'restore', note })}
                        />
                        <DeleteAction label={`Delete ${note.title}`} onDelete={() => onDelete(note)} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </>
      )}

      <StrategyNoteFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete this strategy note?"
        description={toDelete ? `"${toDelete.title}" will be removed for good. Archive it instead to keep it out of the way.` : ''}
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete note'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
