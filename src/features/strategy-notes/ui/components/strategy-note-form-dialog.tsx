import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import { cx } from '../../../../client/components/ui/cx';
import { Markdown } from '../../markdown';
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
  const idPrefix = useId();
  const [view, setView] = useState<'write' | 'preview'>('write');
  const creating = useCreateStrategyNote();
  const updating = useUpdateStrategyNote();
  const busy = creating.isPending || updating.isPending;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<StrategyNoteFormValues, unknown, StrategyNoteInput>({
    resolver: zodResolver(strategyNoteInputSchema),
    defaultValues: defaultsFor(target),
  });
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
      <TextField id={`${idPrefix}-title`} label="Title" error={errors.title?.message} registration={register('title')} autoComplete="off" maxLength={200} />
      <SelectField id={`${idPrefix}-category`} label="Category" options={CATEGORY_OPTIONS} error={errors.category?.message} registration={register('category')} />
      <div>
        <div role="group" aria-label="Content view" className="mb-2 inline-flex overflow-hidden rounded-brutal border-2 border-ink">
          {toggle('write', 'Write')}
          {toggle('preview', 'Preview')}
        </div>
        <TextAreaField
          id={`${idPrefix}-content`}
          label="Content"
          className={view === 'preview' ? 'hidden' : undefined}
          error={errors.content?.message}
          registration={register('content')}
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
        <CheckboxField id={`${idPrefix}-archived`} label="Archived" error={errors.isArchived?.message} registration={register('isArchived')} />
      ) : null}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" className={smallButtonClasses('secondary')} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={smallButtonClasses('primary')} disabled={busy}>
          {busy ? 'Saving…' : target.mode === 'create' ? 'Create Note' : target.mode === 'restore' ? 'Save and Restore' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}

/** Create, edit and restore (spec §2: Restore opens the edit form). The form mounts fresh each time. */
export function StrategyNoteFormDialog({ target, onClose }: { target: NoteFormTarget | null; onClose: () => void }) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target ? titles[target.mode] : 'Strategy Note'}
      description={target ? descriptions[target.mode] : undefined}
      size="lg"
    >
      {target ? <NoteForm key={target.mode === 'create' ? 'create' : `${target.mode}-${target.note.id}`} target={target} onDone={onClose} /> : null}
    </Dialog>
  );
}
