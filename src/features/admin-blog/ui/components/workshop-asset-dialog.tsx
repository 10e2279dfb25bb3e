import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { RichTextField } from '../../../../client/components/rich-text/rich-text-field';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { SelectField, TextField, WholeNumberField } from '../../../../client/components/ui/form';
import { ResourceFormDialog, type ResourceDialogTexts, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { toast } from '../../../../client/components/ui/toast-store';
import {
  workshopAssetFormSchema,
  type AdminWorkshopAsset,
  type WorkshopAssetFormValues,
} from '../../admin-blog.schema';
import type { WorkshopAssetPayload } from '../api/blog-resources';
import { usePreviewHtml } from '../api/preview-html';
import { AssetPreviewFrame } from './preview-frames';

export type WorkshopOption = { value: string; label: string };

const TYPE_OPTIONS = [
  { value: 'slides', label: 'Slides' },
  { value: 'tips', label: 'Tips' },
] as const;

function startingValues(asset: AdminWorkshopAsset | null, workshopDateId: string, nextSortOrder: number): WorkshopAssetFormValues {
  if (!asset) return { title: '', description: '', type: 'slides', workshopDateId, sortOrder: String(nextSortOrder), content: '' };
  return {
    title: asset.title,
    description: asset.description ?? '',
    type: asset.type,
    workshopDateId: asset.workshopDateId === null ? '' : String(asset.workshopDateId),
    sortOrder: String(asset.sortOrder),
    content: asset.content,
  };
}

type Props = ResourceFormProps<AdminWorkshopAsset, WorkshopAssetPayload> & {
  workshops: readonly WorkshopOption[];
  /** For a new asset: the workshop filtered on ('' for all) and the sort order after the last one. */
  defaultWorkshopDateId: string;
  nextSortOrder: number;
};

const DIALOG_TEXTS: ResourceDialogTexts<AdminWorkshopAsset> = {
  noun: 'Workshop Asset',
  createLabel: 'Create Asset',
  description: 'Participants see slides and tips on their booking page, in the order of the sort order.',
};

/**
 * Add or edit a workshop asset: slides or tips, for one workshop or all, with a rich-text (or HTML) body
 * and its preview. The caller gives each opening a new `key`, so the form starts afresh.
 */
export function WorkshopAssetDialog({ editing, workshops, defaultWorkshopDateId, nextSortOrder, onSubmit, ...dialog }: Props) {
  const [preview, setPreview] = useState<{ content: string; title: string; type: 'slides' | 'tips' } | null>(null);
  const previewHtml = usePreviewHtml();
  const { formId, field, control, handleSubmit, getValues } = useSchemaForm(workshopAssetFormSchema, startingValues(editing, defaultWorkshopDateId, nextSortOrder));

  const submit = handleSubmit((values) =>
    onSubmit({
      title: values.title,
      description: values.description,
      type: values.type,
      content: values.content,
      sortOrder: values.sortOrder.trim() === '' ? 0 : Number(values.sortOrder),
      workshopDateId: values.workshopDateId === '' ? null : Number(values.workshopDateId),
    }),
  );

  const togglePreview = () => {
    if (preview !== null) {
      setPreview(null);
      return;
    }
    previewHtml.mutate(
      { kind: 'workshop-assets', content: getValues('content') },
      {
        onSuccess: (content) => setPreview({ content, title: getValues('title'), type: getValues('type') }),
        onError: () => toast({ title: 'Preview failed', description: 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <ResourceFormDialog {...dialog} texts={DIALOG_TEXTS} editing={editing} formId={formId} onSubmit={submit}>
      <TextField label="Title" autoComplete="off" className="sm:col-span-2" {...field('title')} />
      <TextField label="Description" optional autoComplete="off" className="sm:col-span-2" {...field('description')} />
      <SelectField label="Type" options={TYPE_OPTIONS} {...field('type')} />
      <SelectField label="Workshop" options={workshops} placeholder="All workshops" {...field('workshopDateId')} />
      <WholeNumberField label="Sort order" {...field('sortOrder')} />
      <div className="sm:col-span-2">
        <RichTextField control={control} name="content" id={`${formId}-content`} label="Content" headings="page" />
      </div>
      <div className="sm:col-span-2">
        <button type="button" className={smallButtonClasses('secondary')} onClick={togglePreview} disabled={previewHtml.isPending} aria-expanded={preview !== null}>
          {preview !== null ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          {preview !== null ? 'Hide preview' : previewHtml.isPending ? 'Preparing preview…' : 'Preview'}
        </button>
        {preview !== null ? (
          <div className="mt-3">
            <p className="mb-2 text-xs text-ink-soft">As participants will see it: scripts, frames and event handlers are removed when saved.</p>
            <AssetPreviewFrame title={preview.title} type={preview.type} content={preview.content} />
          </div>
        ) : null}
      </div>
    </ResourceFormDialog>
  );
}
