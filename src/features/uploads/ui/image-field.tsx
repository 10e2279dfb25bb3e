import { ImageIcon, LoaderCircle, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { controlClasses, FieldError } from '../../../client/components/ui/form';
import { ApiError } from '../../../client/lib/api-client';
import { isImageUrl } from '../uploads.schema';
import { uploadImage } from './upload-image';

type ImageFieldProps = {
  /** The field's visible name ('Profile image', 'Featured image'). */
  label: string;
  /** The current address: '' or null for none. */
  value: string | null | undefined;
  onChange: (url: string) => void;
  /** A validation message from the form (the shared schema's IMAGE_URL_INVALID). */
  error?: string;
  /** Alt text of the preview; the label by default. */
  previewAlt?: string;
  /** Shape of the preview: round for avatars. */
  shape?: 'round' | 'wide';
  id?: string;
};

function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.field('message') ?? 'The image could not be uploaded. Please try again.';
  return 'The image could not be uploaded. Please try again.';
}

/**
 * An image chosen by uploading a file (PNG, JPEG, GIF or WebP up to 5 MB, checked on the server by
 * content) or by pasting an address; shows a preview and can be removed. Controlled: the form
 * owns the value (use react-hook-form's Controller or watch + setValue).
 */
export function ImageField({ label, value, onChange, error, previewAlt, shape = 'wide', id }: ImageFieldProps) {
  const generated = useId();
  const baseId = id ?? generated;
  const fileId = `${baseId}-file`;
  const urlId = `${baseId}-url`;
  const statusId = `${baseId}-status`;
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const current = value ?? '';
  const showPreview = current !== '' && isImageUrl(current) && brokenPreview !== current;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setUploadError(null);
    try {
      const uploaded = await uploadImage(file);
      onChange(uploaded.url);
    } catch (failure) {
      setUploadError(uploadFailureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const message = uploadError ?? error;
  return (
    <fieldset className="min-w-0" aria-describedby={message ? `${baseId}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-bold">{label}</legend>
      <div className="flex flex-wrap items-start gap-4">
        <div
          className={`flex shrink-0 items-center justify-center overflow-hidden border-2 border-ink bg-paper-deep ${shape === 'round' ? 'size-20 rounded-full' : 'h-20 w-32 rounded-brutal'}`}
        >
          {showPreview ? (
            <img
              src={current}
              alt={previewAlt ?? `${label} preview`}
              className="size-full object-cover"
              onError={() => setBrokenPreview(current)}
            />
          ) : (
            <ImageIcon aria-hidden="true" className="size-8 text-ink-soft" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="peer sr-only"
              onChange={(event) => void onFile(event)}
              disabled={busy}
            />
            <label htmlFor={fileId} className={smallButtonClasses('secondary', `peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink ${busy ? 'cursor-wait opacity-60' : 'cursor-pointer'}`)}>
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Upload aria-hidden="true" className="size-4" />}
              {busy ? 'Uploading…' : 'Upload image'}
            </label>
            {current !== '' ? (
              <button type="button" className={smallButtonClasses('ghost')} onClick={() => onChange('')} aria-label={`Remove ${label.toLowerCase()}`}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove
              </button>
            ) : null}
          </div>
          <label htmlFor={urlId} className="text-xs font-semibold text-ink-soft">
            or paste an image URL
          </label>
          <input
            id={urlId}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…"
            className={controlClasses}
            value={current}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${baseId}-error` : undefined}
            onChange={(event) => {
              setUploadError(null);
              onChange(event.target.value);
            }}
          />
          <p id={statusId} className="sr-only" role="status">
            {busy ? 'Uploading image' : ''}
          </p>
          <p className="text-xs text-ink-soft">PNG, JPEG, GIF or WebP, up to 5 MB.</p>
        </div>
      </div>
      <FieldError id={`${baseId}-error`} message={message ?? undefined} />
    </fieldset>
  );
}

/** An ImageField bound to a react-hook-form field that holds the address ('' for none). */
export function ImageFormField<Values extends FieldValues, Output>({
  control,
  name,
  className = 'sm:col-span-2',
  ...image
}: Omit<ImageFieldProps, 'value' | 'onChange' | 'error'> & { control: Control<Values, unknown, Output>; name: Path<Values>; className?: string }) {
  return (
    <div className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <ImageField {...image} value={typeof field.value === 'string' ? field.value : ''} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </div>
  );
}
