import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { zoneOptionLabel } from '../../../../common/time-zones';
import { SelectField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { generalSettingsFormSchema, TIMEZONES, type GeneralSettingsForm, type Settings } from '../../settings.schema';
import { useSaveSettings } from '../api/save-settings';
import { messageOf } from './errors';
import { SaveButton } from './save-button';

// Labelled as the workshop form labels them: the same list, read the same way.
const TIMEZONE_OPTIONS = TIMEZONES.map((zone) => ({ value: zone, label: zoneOptionLabel(zone) }));

/** General sub-tab: the default time zone new workshops start with. */
export function GeneralSettings({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GeneralSettingsForm, unknown, { timezone: Settings['timezone'] }>({
    resolver: zodResolver(generalSettingsFormSchema),
    defaultValues: { timezone: settings.timezone },
  });

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Settings Updated', description: 'Your settings have been saved.' }),
      onError: (error) => toast({ title: 'Error', description: `Failed to save settings: ${messageOf(error)}`, variant: 'destructive' }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
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
