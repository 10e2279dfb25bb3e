import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogFooter, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import {
  workshopAssetFormSchema,
  type AdminWorkshopAsset,
  type WorkshopAssetFormOutput,
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

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new asset. */
  editing: AdminWorkshopAsset | null;
  workshops: readonly WorkshopOption[];
  /** For a new asset: the workshop filtered on ('' for all) and the sort order after the last one. */
  defaultWorkshopDateId: string;
  nextSortOrder: number;
  busy: boolean;
  onSubmit: (payload: WorkshopAssetPayload) => void;
};

/**
 * Add or edit a workshop asset: slides or tips, for one workshop or all, with an HTML body and its
 * preview. The caller gives each opening a new `key`, so the form starts afresh.
 */
export function WorkshopAssetDialog({ open, onOpenChange, editing, workshops, defaultWorkshopDateId, nextSortOrder, busy, onSubmit }: Props) {
  const formId = useId();
  const [preview, setPreview] = useState<{ content: string; title: string; type: 'slides' | 'tips' } | null>(null);
  const previewHtml = usePreviewHtml();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<WorkshopAssetFormValues, unknown, WorkshopAssetFormOutput>({
    resolver: zodResolver(workshopAssetFormSchema),
    defaultValues: startingValues(editing, defaultWorkshopDateId, nextSortOrder),
  });

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

  const title = editing ? `Edit ${editing.title}` : 'Add Workshop Asset';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={title}
      description="Participants see slides and tips on their booking page, in the order of the sort order."
      footer={<FormDialogFooter formId={formId} busy={busy} label={editing ? 'Save Changes' : 'Create Asset'} onCancel={() => onOpenChange(false)} />}
    >
      <form id={formId} noValidate onSubmit={submit} aria-label={title} className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${formId}-title`} label="Title" error={errors.title?.message} registration={register('title')} autoComplete="off" className="sm:col-span-2" />
        <TextField
          id={`${formId}-description`}
          label="Description"
          optional
          error={errors.description?.message}
          registration={register('description')}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <SelectField id={`${formId}-type`} label="Type" options={TYPE_OPTIONS} error={errors.type?.message} registration={register('type')} />
        <SelectField
          id={`${formId}-workshop`}
          label="Workshop"
          options={workshops}
          placeholder="All workshops"
          error={errors.workshopDateId?.message}
          registration={register('workshopDateId')}
        />
        <TextField
          id={`${formId}-sort`}
          label="Sort order"
          type="number"
          inputMode="numeric"
          step={1}
          error={errors.sortOrder?.message}
          registration={register('sortOrder')}
        />
        <TextAreaField
          id={`${formId}-content`}
          label="Content (HTML)"
          rows={10}
          spellCheck={false}
          error={errors.content?.message}
          registration={register('content')}
          className="font-mono sm:col-span-2"
        />
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
      </form>
    </Dialog>
  );
}
