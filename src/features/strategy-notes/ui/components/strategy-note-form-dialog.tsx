import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Dialog, FormButtons, openWhile } from '../../../../client/components/ui/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import { cx } from '../../../../client/components/ui/cx';
import { Markdown } from '../../../../client/components/markdown';
import {
  CATEGORY_LABELS,
  STRATEGY_NOTE_CATEGORIES,
  strategyNoteInputSchema,
  type StrategyNote,
  type StrategyNoteFormValues,
  type StrategyNoteInput,
} from '../../strategy-notes.schema';
import { useCreateStrategyNote, useUpdateStrategyNote } from '../api/save-strategy-note';

/** What the dialog is for: a new note, an edit, or bringing an archived note back. */
export type NoteFormTarget = { mode: 'create' } | { mode: 'edit'; note: StrategyNote } | { mode: 'restore'; note: StrategyNote };

const CATEGORY_OPTIONS = [{ value: '', label: 'None' }, ...STRATEGY_NOTE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))];

const titles = { create: 'Add Strategy Note', edit: 'Edit Strategy Note', restore: 'Restore Strategy Note' } as const;
const descriptions = {
  create: 'Content is markdown: **bold**, *italic*, # headings, - lists, `code` and [links](https://…).',
  edit: 'Content is markdown: **bold**, *italic*, # headings, - lists, `code` and [links](https://…).',
  restore: 'Saving brings this note back to the active notes, with any changes you make.',
} as const;

export const serverMessage = (error: unknown) => (error instanceof ApiError ? error.field('message') : undefined);

function defaultsFor(target: NoteFormTarget): StrategyNoteFormValues {
  if (target.mode === 'create') return { title: '', content: '', category: '', isArchived: false };
  const { note } = target;
  // Restoring: the Archived box starts unchecked, so saving un-archives the note.
  return { title: note.title, content: note.content, category: note.category ?? '', isArchived: target.mode === 'restore' ? false : note.isArchived };
}

function NoteForm({ target, onDone }: { target: NoteFormTarget; onDone: () => void }) {
  const [view, setView] = useState<'write' | 'preview'>('write');
  const creating = useCreateStrategyNote();
  const updating = useUpdateStrategyNote();
  const busy = creating.isPending || updating.isPending;
  const { field, handleSubmit, control } = useSchemaForm(strategyNoteInputSchema, defaultsFor(target));
  const content = useWatch({ control, name: 'content' }) ?? '';

  const onValid = (values: StrategyNoteInput) => {
    if (target.mode === 'create') {
      creating.mutate(values, {
        onSuccess: (note) => {
          toast({ title: 'Strategy Note Created', description: `"${note.title}" was added.` });
          onDone();
        },
        onError: (error) => toast({ title: 'Failed to create strategy note', description: serverMessage(error), variant: 'destructive' }),
      });
      return;
    }
    updating.mutate(
      { id: target.note.id, changes: values },
      {
        onSuccess: (note) => {
          toast({
            title: 'Strategy Note Updated',
            description: target.mode === 'restore' && !note.isArchived ? `"${note.title}" is active again.` : `"${note.title}" was saved.`,
          });
          onDone();
        },
        onError: (error) => toast({ title: 'Failed to update strategy note', description: serverMessage(error), variant: 'destructive' }),
      },
    );
  };
  // A content error cannot be seen (or focused) in the preview: go back to writing.
  const onSubmit = handleSubmit(onValid, (invalid) => {
    if (invalid.content) setView('write');
  });

  const toggle = (value: 'write' | 'preview', label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className={cx(
        'min-h-11 px-3 text-sm font-bold first:rounded-l-brutal last:rounded-r-brutal',
        view === value ? 'bg-ink text-paper' : 'bg-white text-ink hover:bg-paper-deep',
      )}
    >
      {label}
    </button>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" aria-label={titles[target.mode]}>
      <TextField label="Title" autoComplete="off" maxLength={200} {...field('title')} />
      <SelectField label="Category" options={CATEGORY_OPTIONS} {...field('category')} />
      <div>
        <div role="group" aria-label="Content view" className="mb-2 inline-flex overflow-hidden rounded-brutal border-2 border-ink">
          {toggle('write', 'Write')}
          {toggle('preview', 'Preview')}
        </div>
        <TextAreaField
          label="Content"
          className={view === 'preview' ? 'hidden' : undefined}
          {...field('content')}
          rows={12}
          spellCheck
          placeholder={'## Goal\n\n- First step\n- **Important** point'}
        />
        {view === 'preview' ? (
          <section aria-label="Preview" className="min-h-32 rounded-brutal border-2 border-ink bg-white p-4">
            {content.trim() ? <Markdown source={content} /> : <p className="text-sm text-ink-soft">Nothing to preview yet.</p>}
          </section>
        ) : null}
      </div>
      {target.mode !== 'create' ? (
        <CheckboxField label="Archived" {...field('isArchived')} />
      ) : null}
      <FormButtons onCancel={onDone} label={target.mode === 'create' ? 'Create Note' : target.mode === 'restore' ? 'Save and Restore' : 'Save Changes'} busy={busy} busyLabel="Saving…" />
    </form>
  );
}

/** Create, edit and restore (spec §2: Restore opens the edit form). The form mounts fresh each time. */
export function StrategyNoteFormDialog({ target, onClose }: { target: NoteFormTarget | null; onClose: () => void }) {
  return (
    <Dialog
      {...openWhile(target, onClose)}
      title={target ? titles[target.mode] : 'Strategy Note'}
      description={target ? descriptions[target.mode] : undefined}
      size="lg"
    >
      {target ? <NoteForm key={target.mode === 'create' ? 'create' : `${target.mode}-${target.note.id}`} target={target} onDone={onClose} /> : null}
    </Dialog>
  );
}
