import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { ResourceFormDialog, type ResourceDialogTexts, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
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

const CATEGORY_OPTIONS = [{ value: '', label: 'None' }, ...STRATEGY_NOTE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))];

const MARKDOWN_HINT = 'Content is markdown: **bold**, *italic*, # headings, - lists, `code` and [links](https://…).';

const DIALOG_TEXTS: ResourceDialogTexts<StrategyNote> = { noun: 'Strategy Note', description: MARKDOWN_HINT, createLabel: 'Create Note', editTitle: () => 'Edit Strategy Note' };

function startingValues(note: StrategyNote | null, restoring: boolean): StrategyNoteFormValues {
  if (!note) return { title: '', content: '', category: '', isArchived: false };
  // Restoring: the Archived box starts unchecked, so saving un-archives the note.
  return { title: note.title, content: note.content, category: note.category ?? '', isArchived: restoring ? false : note.isArchived };
}

/**
 * Create, edit and restore (spec §2: Restore opens the edit form): title, category and the
 * markdown content with a preview. `restoring`: the edit form opened from Archived Notes.
 */
export function StrategyNoteFormDialog({ editing, onSubmit, restoring, ...dialog }: ResourceFormProps<StrategyNote, StrategyNoteInput> & { restoring: boolean }) {
  const [view, setView] = useState<'write' | 'preview'>('write');
  const { formId, field, handleSubmit, control } = useSchemaForm(strategyNoteInputSchema, startingValues(editing, restoring));
  const content = useWatch({ control, name: 'content' }) ?? '';
  const restore = restoring && editing !== null;

  // A content error cannot be seen (or focused) in the preview: go back to writing.
  const submit = handleSubmit(onSubmit, (invalid) => {
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
    <ResourceFormDialog
      {...dialog}
      texts={restore ? { ...DIALOG_TEXTS, editTitle: () => 'Restore Strategy Note' } : DIALOG_TEXTS}
      editing={editing}
      description={restore ? 'Saving brings this note back to the active notes, with any changes you make.' : undefined}
      submitLabel={restore ? 'Save and Restore' : undefined}
      busyLabel="Saving…"
      formId={formId}
      formClassName="space-y-4"
      onSubmit={(event) => void submit(event)}
    >
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
      {editing !== null ? <CheckboxField label="Archived" {...field('isArchived')} /> : null}
    </ResourceFormDialog>
  );
}
