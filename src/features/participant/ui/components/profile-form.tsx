import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { controlClasses, FieldError, TextAreaField } from '../../../../client/components/ui/form';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import {
  BIO_MAX,
  classifyProfileImage,
  participantProfileInputSchema,
  PREFERENCES_MAX,
  PROFILE_IMAGE_INVALID,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  type ParticipantProfile,
  type ParticipantProfileInput,
  type ParticipantProfileValues,
} from '../../participant.schema';
import { useParticipantProfile } from '../api/get-participant-profile';
import { useSaveParticipantProfile } from '../api/save-participant-profile';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={`mt-1 text-xs font-semibold ${length > max ? 'text-danger' : 'text-ink-soft'}`}>
      {length}/{max} characters
    </p>
  );
}

function ProfileFields({ bookingId, saved, label }: { bookingId: number; saved: ParticipantProfile; label: string }) {
  const ids = useId();
  const save = useSaveParticipantProfile();
  // The image that failed to load, so a new one gets its own chance.
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const form = useForm<ParticipantProfileInput, unknown, ParticipantProfileValues>({
    resolver: zodResolver(participantProfileInputSchema),
    defaultValues: saved,
    mode: 'onTouched',
  });
  const { register, handleSubmit, setValue, setError, clearErrors, reset, formState, control } = form;
  const [bioValue, preferencesValue, imageValue] = useWatch({ control, name: ['bio', 'preferences', 'profileImageUrl'] });
  const bio = bioValue ?? '';
  const preferences = preferencesValue ?? '';
  const image = imageValue ?? '';
  const imageKind = classifyProfileImage(image.trim());
  const isUpload = image.startsWith('data:');
  const previewFailed = failedImage === image;

  const setImage = (value: string) => setValue('profileImageUrl', value, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setError('profileImageUrl', { message: PROFILE_IMAGE_INVALID });
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setError('profileImageUrl', { message: PROFILE_IMAGE_TOO_LARGE });
    try {
      const dataUrl = await readAsDataUrl(file);
      clearErrors('profileImageUrl');
      setValue('profileImageUrl', dataUrl, { shouldDirty: true, shouldValidate: true });
    } catch {
      setError('profileImageUrl', { message: PROFILE_IMAGE_INVALID });
    }
  }

  const onSubmit = handleSubmit((profile) =>
    save.mutate(
      { bookingId, profile },
      {
        onSuccess: (stored) => {
          reset(stored);
          toast({ title: 'Profile Saved', description: 'Your profile has been updated.' });
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.field('message') : undefined;
          toast({ title: 'Error', description: message ?? 'Failed to save profile', variant: 'destructive' });
        },
      },
    ),
  );

  const imageError = formState.errors.profileImageUrl?.message;
  const urlId = `${ids}-image-url`;
  const fileId = `${ids}-image-file`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
      <div>
        <TextAreaField
          id={`${ids}-bio`}
          label="Bio"
          optional
          rows={3}
          registration={register('bio')}
          error={formState.errors.bio?.message}
          placeholder="A few words about you and what you would like to build"
        />
        <Counter id={`${ids}-bio-count`} length={bio.length} max={BIO_MAX} />
      </div>
      <div>
        <TextAreaField
          id={`${ids}-preferences`}
          label="Preferences"
          optional
          rows={3}
          registration={register('preferences')}
          error={formState.errors.preferences?.message}
          placeholder="Accessibility needs, tools you use, topics you care about"
        />
        <Counter id={`${ids}-preferences-count`} length={preferences.length} max={PREFERENCES_MAX} />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-bold">Profile image</legend>
        <p id={`${ids}-image-hint`} className="text-xs font-semibold text-ink-soft">
          Upload a PNG, JPEG, GIF or WebP image of up to 2 MB, or paste a link starting with http:// or https://.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {imageKind === 'url' || imageKind === 'image' ? (
            previewFailed ? (
              <p className="text-sm text-ink-soft">The image could not be shown.</p>
            ) : (
              <img
                src={image.trim()}
                alt="Profile image preview"
                referrerPolicy="no-referrer"
                onError={() => setFailedImage(image)}
                className="size-20 rounded-full border-2 border-ink bg-white object-cover"
              />
            )
          ) : null}
          <label htmlFor={fileId} className={smallButtonClasses('secondary', 'cursor-pointer focus-within:outline-3 focus-within:outline-ink')}>
            <ImageUp aria-hidden="true" className="size-4" />
            Upload image
            <input id={fileId} type="file" accept={IMAGE_TYPES.join(',')} onChange={(event) => void onFile(event)} className="sr-only" aria-describedby={`${ids}-image-hint`} />
          </label>
          {image ? (
            <button type="button" className={smallButtonClasses('ghost')} onClick={() => setImage('')}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove image
            </button>
          ) : null}
        </div>
        <div>
          <label htmlFor={urlId} className="mb-1.5 block text-sm font-bold">
            Profile image URL
          </label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder={isUpload ? 'Uploaded image in use' : 'https://'}
            value={isUpload ? '' : image}
            onChange={(event) => setImage(event.target.value)}
            className={controlClasses}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={[`${ids}-image-hint`, imageError && `${urlId}-error`].filter(Boolean).join(' ')}
          />
          <FieldError id={`${urlId}-error`} message={imageError} />
        </div>
      </fieldset>

      <button type="submit" className={smallButtonClasses('primary')} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save Profile'}
      </button>
    </form>
  );
}

/**
 * Bio, preferences and profile image for one booking, with the spec's limits. `label`
 * names the form for assistive technology and must tell the bookings on the page apart.
 */
export function ProfileForm({ bookingId, label }: { bookingId: number; label: string }) {
  const profile = useParticipantProfile(bookingId);
  if (profile.isPending) {
    return (
      <LoadingRegion label="Loading your profile" className="space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  }
  if (profile.isError) {
    return (
      <p role="alert" className="text-sm font-bold text-danger">
        Your profile could not be loaded. Please try again later.
      </p>
    );
  }
  return <ProfileFields bookingId={bookingId} saved={profile.data} label={label} />;
}
