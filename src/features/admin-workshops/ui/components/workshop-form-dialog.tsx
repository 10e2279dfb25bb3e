import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField, FieldError, SelectField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { ResourceFormDialog, type ResourceDialogTexts, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { resourceListQuery } from '../../../../client/lib/admin-resource';
import { ApiError } from '../../../../client/lib/api-client';
import { useSettings } from '../../../settings/ui';
import { expertiseLabels, expertiseLevels } from '../../../workshops';
import {
  DEFAULT_TEMPLATE_SEATS,
  NEW_WORKSHOP_DEFAULTS,
  workshopFormSchema,
  type AdminWorkshopDate,
  type WorkshopForm,
  type WorkshopFormInput,
} from '../../admin-workshops.schema';
import {
  isoDayFromWorkshopDate,
  timeInputsFromWorkshopTime,
  WORKSHOP_TIMEZONES,
  workshopDateFromIsoDay,
  workshopTimeFromInputs,
  zoneOptionLabel,
} from '../../workshop-date-text';
import { dateChangesBetween, type DateChangeFacts } from '../../date-changes';
import { useDateChangePreview } from '../api/date-change-preview';
import { InstantInYourZone } from './instant-in-your-zone';
import { NotifyParticipantsField } from './notify-participants-field';
import { workshopTemplatesResource } from '../api/workshop-templates-resource';

const expertiseOptions = expertiseLevels.map((level) => ({ value: level, label: expertiseLabels[level] }));

/** Text inputs show '' for a missing value; the schema accepts both. */
function formValuesOf(workshop: AdminWorkshopDate | null): WorkshopFormInput {
  const source: WorkshopForm = workshop ?? NEW_WORKSHOP_DEFAULTS;
  return {
    templateId: source.templateId,
    title: source.title,
    description: source.description ?? '',
    expertiseLevel: source.expertiseLevel,
    date: source.isTBC ? '' : source.date,
    time: source.isTBC ? '' : source.time,
    timezone: source.timezone,
    seatsTotal: source.seatsTotal,
    price: source.price,
    isActive: source.isActive,
    isFeatured: source.isFeatured,
    isTBC: source.isTBC,
    endsNextDay: source.endsNextDay,
    requiresImmediatePayment: source.requiresImmediatePayment,
    zoomLink: source.zoomLink ?? '',
    zoomMeetingId: source.zoomMeetingId ?? '',
    zoomPassword: source.zoomPassword ?? '',
    additionalInfo: source.additionalInfo ?? '',
    materialLinks: source.materialLinks ?? '',
  };
}

/** The form's when-and-where, read as a change is (empty text is none). */
const factsOf = (values: Pick<WorkshopFormInput, keyof DateChangeFacts>): DateChangeFacts => ({
  date: values.date ?? '',
  time: values.time ?? '',
  timezone: values.timezone ?? '',
  endsNextDay: values.endsNextDay ?? false,
  isTBC: values.isTBC ?? false,
  zoomLink: values.zoomLink ?? null,
  zoomMeetingId: values.zoomMeetingId ?? null,
  zoomPassword: values.zoomPassword ?? null,
});

/** The form's values, and what shows the server's refusal of one field in place. */
export type WorkshopSubmit = { values: WorkshopForm; onRefused: (error: unknown) => void; notifyParticipants: boolean };

const DIALOG_TEXTS: ResourceDialogTexts<AdminWorkshopDate> = { noun: 'Workshop', editTitle: () => 'Edit Workshop' };

/** Create or edit a workshop date, validated by the same schema as the server; mounted per opening. */
export function WorkshopFormDialog({ editing: workshop, onSubmit, ...dialog }: ResourceFormProps<AdminWorkshopDate, WorkshopSubmit>) {
  // The templates are read when the dialog first opens, not with the Workshops tab.
  const templates = useQuery({ ...resourceListQuery(workshopTemplatesResource), enabled: dialog.open });
  const initial = formValuesOf(workshop);
  const [times, setTimes] = useState(() => timeInputsFromWorkshopTime(initial.time));
  const {
    formId,
    field,
    handleSubmit,
    setValue,
    setError,
    trigger,
    control,
    getFieldState,
    formState: { errors, isSubmitted },
  } = useSchemaForm(workshopFormSchema, initial);
  // A new workshop starts in the default timezone of Settings → General (PST until one is saved),
  // unless the admin has already picked one.
  const defaultTimezone = useSettings().data?.timezone;
  useEffect(() => {
    if (!workshop && defaultTimezone && !getFieldState('timezone').isDirty) setValue('timezone', defaultTimezone);
  }, [workshop, defaultTimezone, getFieldState, setValue]);

  const [templateId, date, time, timezone, endsNextDay, isTBC, zoomLink, zoomMeetingId, zoomPassword] = useWatch({
    control,
    name: ['templateId', 'date', 'time', 'timezone', 'endsNextDay', 'isTBC', 'zoomLink', 'zoomMeetingId', 'zoomPassword'],
  });
  // Editing a date people hold seats on: a change of day, time, zone or meeting details offers to tell them (docs/decisions/022).
  const [notify, setNotify] = useState(true);
  const whenAndWhere = { date, time, timezone, endsNextDay, isTBC, zoomLink, zoomMeetingId, zoomPassword };
  const touched = workshop !== null && workshop.seatsTaken > 0 && dateChangesBetween(factsOf(initial), factsOf(whenAndWhere)).length > 0;
  const preview = useDateChangePreview(workshop?.id ?? null, whenAndWhere, dialog.open && touched);
  const notifyPreview = touched && preview.data && preview.data.changes.length > 0 && preview.data.participants > 0 ? preview.data : null;
  const revalidate = { shouldDirty: true } as const;
  // The cross-field messages sit on templateId and date: after a first submit, any change re-checks the whole form.
  const recheck = () => {
    if (isSubmitted) void trigger();
  };

  const timezoneOptions = [...WORKSHOP_TIMEZONES, ...(timezone && !(WORKSHOP_TIMEZONES as readonly string[]).includes(timezone) ? [timezone] : [])].map(
    (zone) => ({ value: zone, label: zoneOptionLabel(zone) }),
  );
  const templateOptions = (templates.data ?? []).map((template) => ({ value: String(template.id), label: template.title }));

  // Choosing a template fills title, level and seats; date, time, timezone and price stay.
  const onTemplateChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = templates.data?.find((template) => String(template.id) === event.target.value);
    if (!chosen) return;
    setValue('title', chosen.title, revalidate);
    setValue('expertiseLevel', chosen.expertiseLevel, revalidate);
    setValue('seatsTotal', chosen.defaultSeats || DEFAULT_TEMPLATE_SEATS, revalidate);
    recheck();
  };

  // TBC on clears date and time; picking a date or a time turns TBC off.
  const onTbcChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.checked) {
      setTimes({ start: '', end: '' });
      setValue('date', '', revalidate);
      setValue('time', '', revalidate);
    }
    recheck();
  };
  const onDateInput = (event: ChangeEvent<HTMLInputElement>) => {
    setValue('date', workshopDateFromIsoDay(event.target.value), revalidate);
    if (event.target.value) setValue('isTBC', false, revalidate);
    recheck();
  };
  const onTimeInput = (part: 'start' | 'end') => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...times, [part]: event.target.value };
    setTimes(next);
    setValue('time', workshopTimeFromInputs(next.start, next.end), revalidate);
    if (event.target.value) setValue('isTBC', false, revalidate);
    recheck();
  };

  const showServerFieldError = (error: unknown) => {
    if (error instanceof ApiError && error.field('code') === 'seats_below_taken') {
      setError('seatsTotal', { message: error.field('message') });
    }
  };

  const dateError = errors.date?.message;
  const timeError = errors.time?.message;

  return (
    <ResourceFormDialog
      {...dialog}
      texts={DIALOG_TEXTS}
      editing={workshop}
      description={workshop ? 'Change the details of this workshop date.' : 'Schedule a new workshop date.'}
      formId={formId}
      onSubmit={handleSubmit((values) => onSubmit({ values, onRefused: showServerFieldError, notifyParticipants: notifyPreview !== null && notify }))}
    >
      <SelectField
        label="Template"
        className="sm:col-span-2"
        placeholder="No template"
        options={templateOptions}
        value={templateId == null ? '' : String(templateId)}
        {...field('templateId', {
          setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)),
          onChange: onTemplateChange,
        })}
      />
      <TextField label="Title" className="sm:col-span-2" {...field('title', { onChange: recheck })} />
      <SelectField label="Expertise level" options={expertiseOptions} {...field('expertiseLevel')} />
      <SelectField label="Timezone" options={timezoneOptions} placeholder="Choose a timezone" {...field('timezone')} />

      <TextField id="workshop-date" label="Date" type="date" value={isoDayFromWorkshopDate(date)} onChange={onDateInput} error={dateError} />
      <CheckboxField label="TBC" className="self-end" {...field('isTBC', { onChange: onTbcChange })} />

      {(['start', 'end'] as const).map((which) => (
        <TextField
          key={which}
          id={`workshop-${which}-time`}
          label={which === 'start' ? 'Start time' : 'End time'}
          type="time"
          value={times[which]}
          onChange={onTimeInput(which)}
          // One message under both times: each names it.
          aria-invalid={timeError ? true : undefined}
          aria-describedby={timeError ? 'workshop-time-error' : undefined}
        />
      ))}
      {timeError ? (
        <div className="-mt-3 sm:col-span-2">
          <FieldError id="workshop-time-error" message={timeError} />
        </div>
      ) : null}
      <CheckboxField label="Ends the next day" className="sm:col-span-2" {...field('endsNextDay', { onChange: recheck })} />
      {isTBC ? null : <InstantInYourZone className="sm:col-span-2" date={date} time={time} timezone={timezone} endsNextDay={endsNextDay} />}

      <TextField label="Seats" type="number" inputMode="numeric" min={1} step={1} {...field('seatsTotal', { valueAsNumber: true })} />
      <TextField label="Price ($)" type="number" inputMode="decimal" min={1} step="0.01" {...field('price', { valueAsNumber: true })} />

      <div className="grid gap-1 sm:col-span-2 sm:grid-cols-3">
        <CheckboxField label="Active" {...field('isActive')} />
        <CheckboxField label="Featured" {...field('isFeatured')} />
        <CheckboxField label="Requires immediate payment" {...field('requiresImmediatePayment')} />
      </div>

      <TextField label="Zoom link" type="url" inputMode="url" optional className="sm:col-span-2" placeholder="https://zoom.us/j/…" {...field('zoomLink')} />
      <TextField label="Zoom meeting ID" optional {...field('zoomMeetingId')} />
      <TextField label="Zoom password" optional {...field('zoomPassword')} />
      {notifyPreview ? <NotifyParticipantsField preview={notifyPreview} checked={notify} onChange={setNotify} /> : null}
      <TextAreaField label="Description" optional className="sm:col-span-2" rows={3} {...field('description')} />
      <TextAreaField label="Additional info" optional className="sm:col-span-2" rows={3} {...field('additionalInfo')} />
      <TextAreaField label="Material links" optional className="sm:col-span-2" rows={3} placeholder="One link per line" {...field('materialLinks')} />
    </ResourceFormDialog>
  );
}
