import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { zoneOptionLabel } from '../../../../common/time-zones';
import { SelectField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { useBrandNameSaved } from '../../../../client/lib/brand-name';
import { BRAND_NAME_MAX } from '../../../../common/brand';
import { generalSettingsFormSchema, TIMEZONES, type GeneralSettingsForm, type Settings } from '../../settings.schema';
import { useSaveSettings } from '../api/save-settings';
import { messageOf } from './errors';
import { SaveButton } from './save-button';

// Labelled as the workshop form labels them: the same list, read the same way.
const TIMEZONE_OPTIONS = TIMEZONES.map((zone) => ({ value: zone, label: zoneOptionLabel(zone) }));

/**
 * General sub-tab: the brand name (every page's header, footer and title, every e-mail) and the
 * default time zone new workshops start with.
 */
export function GeneralSettings({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const brandNameSaved = useBrandNameSaved();
  const {
    register,
    handleSubmit,
    formState: { errors, dirtyFields },
  } = useForm<GeneralSettingsForm, unknown, Pick<Settings, 'brandName' | 'timezone'>>({
    resolver: zodResolver(generalSettingsFormSchema),
    defaultValues: { brandName: settings.brandName, timezone: settings.timezone },
  });

  // Only what was changed here is sent: a name or zone another admin saved meanwhile is kept.
  const submit = handleSubmit((values) =>
    save.mutate({ ...(dirtyFields.brandName ? { brandName: values.brandName } : {}), ...(dirtyFields.timezone ? { timezone: values.timezone } : {}) }, {
      onSuccess: (saved) => {
        brandNameSaved(saved.brandName);
        toast({ title: 'Settings Updated', description: 'Your settings have been saved.' });
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(error)}`, variant: 'destructive' }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
      <TextField
        id="settings-brand-name"
        label="Brand name"
        autoComplete="organization"
        maxLength={BRAND_NAME_MAX}
        error={errors.brandName?.message}
        registration={register('brandName')}
      />
      <p className="-mt-2 text-sm text-ink-soft">Shown in the site&apos;s header, footer and page titles, and in every e-mail.</p>
      <SelectField
        id="settings-timezone"
        label="Default timezone"
        options={TIMEZONE_OPTIONS}
        placeholder="Choose a timezone"
        error={errors.timezone?.message}
        registration={register('timezone')}
      />
      <SaveButton pending={save.isPending} />
    </form>
  );
}
