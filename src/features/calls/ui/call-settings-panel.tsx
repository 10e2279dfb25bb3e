import { Copy, Info, Plus, RefreshCw, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../client/components/ui/button';
import { ErrorState } from '../../../client/components/ui/data-table';
import { Dialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { controlClasses, FieldError, FieldLabel, TextField, WholeNumberField } from '../../../client/components/ui/form';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { ZONE_REGIONS } from '../../../common/time-zones';
import { CALL_LIMITS, isCalendarDay, WEEKDAY_NAMES, type CallSettings } from '../calls.schema';
import { useCallSettings } from './api/get-call-settings';
import { useRenewFeedToken } from './api/renew-feed-token';
import { useSaveCallSettings } from './api/save-call-settings';
import { checkDraft, draftFrom, periodKey, sortPeriods, type CallSettingsDraft, type DraftErrors, type DraftPeriod } from './call-settings-draft';
import { longDayLabel } from './call-times';
import { copyText } from './copy-text';

/**
 * Admin › Setup › Calls (docs/decisions/023-follow-up-calls.md): when the organiser takes
 * follow-up calls (length, how many per seat, weekly hours in their zone, notice, buffer, the
 * window after the workshop, days off, the meeting link) and the calendar feed that shows their
 * workshops and booked calls in their own calendar app.
 */
export default function CallSettingsPanel() {
  const settings = useCallSettings();
  if (settings.isPending) {
    return (
      <LoadingRegion label="Loading your availability…" className="grid max-w-3xl gap-4">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  }
  if (settings.isError) {
    return <ErrorState message={`Could not load the call settings: ${refusalMessage(settings.error) ?? 'please try again.'}`} onRetry={() => void settings.refetch()} />;
  }
  return (
    <div className="grid max-w-3xl min-w-0 gap-10">
      <AvailabilityForm settings={settings.data} />
      <CalendarFeed settings={settings.data} />
    </div>
  );
}

// ------------------------------------------------------------------------------ availability

/** The zones offered: the product's named regions first, then every zone the browser knows. */
const COMMON_ZONES = ZONE_REGIONS.map((region) => ({ value: region.id, label: `${region.label} · ${region.id}` }));
const OTHER_ZONES = (() => {
  const common = new Set(COMMON_ZONES.map((zone) => zone.value));
  try {
    return Intl.supportedValuesOf('timeZone')
      .filter((zone) => !common.has(zone))
      .map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
  } catch {
    return [];
  }
})();

function AvailabilityForm({ settings }: { settings: CallSettings }) {
  const id = useId();
  const save = useSaveCallSettings();
  const [draft, setDraft] = useState<CallSettingsDraft>(() => draftFrom(settings));
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const set = <Key extends keyof CallSettingsDraft>(key: Key, value: CallSettingsDraft[Key]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    // Once Save has shown messages, each change checks again, so a message goes as soon as it is fixed.
    if (errors) setErrors(checkDraft(next).errors);
  };
  const error = (path: string) => errors?.fields.get(path);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const checked = checkDraft(draft);
    setErrors(checked.errors);
    if (!checked.input) return;
    save.mutate(checked.input, {
      onSuccess: (saved) => {
        setDraft(draftFrom(saved));
        toast({ title: 'Call settings saved', description: 'New bookings follow them from now on.' });
      },
      // The server's reason in place, beside Save: it names the rule that broke.
      onError: (failure) => setRefused(refusalMessage(failure) ?? 'Could not save the call settings. Please try again.'),
    });
  };

  const zoneKnown = [...COMMON_ZONES, ...OTHER_ZONES].some((zone) => zone.value === draft.timeZone);
  const number = (key: 'callMinutes' | 'callsPerBooking' | 'minNoticeHours' | 'bufferMinutes' | 'bookingWindowDays', label: string, hint: string) => {
    const fieldId = `${id}-${key}`;
    const [min, max] = CALL_LIMITS[key];
    return (
      <div>
        <WholeNumberField
          id={fieldId}
          label={label}
          min={min}
          max={max}
          className="max-w-48"
          value={draft[key]}
          onChange={(event) => set(key, event.target.value)}
          error={error(key)}
          aria-describedby={error(key) ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
        />
        <p id={`${fieldId}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      </div>
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0">
      <h3 id={`${id}-heading`} className="mb-3 text-lg font-extrabold">
        Availability
      </h3>
      <p className="mb-5 flex items-start gap-2 rounded-brutal border-2 border-ink bg-secondary-soft px-3 py-2 text-sm font-semibold">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Changes apply to new bookings; calls already booked stay as they are.
      </p>
      <form onSubmit={submit} noValidate aria-label="Call availability" className="grid gap-6">
        <div className="grid gap-5 sm:grid-cols-2">
          {number('callMinutes', 'Call length (minutes)', `Each call lasts this long, ${CALL_LIMITS.callMinutes[0]} to ${CALL_LIMITS.callMinutes[1]} minutes.`)}
          {number('callsPerBooking', 'Calls per seat', 'How many calls each confirmed seat includes; 0 offers none.')}
          {number('minNoticeHours', 'Minimum notice (hours)', 'Calls are booked, moved and cancelled at least this long before they start.')}
          {number('bufferMinutes', 'Buffer (minutes)', 'Free time kept between calls, and around your workshops.')}
          {number('bookingWindowDays', 'Booking window (days)', 'Calls can be booked until this many days after the workshop ends.')}
          <div>
            <FieldLabel id={`${id}-zone`} label="Time zone" />
            <select
              id={`${id}-zone`}
              className={controlClasses}
              value={draft.timeZone}
              onChange={(event) => set('timeZone', event.target.value)}
              aria-invalid={error('timeZone') ? true : undefined}
              aria-describedby={error('timeZone') ? `${id}-zone-hint ${id}-zone-error` : `${id}-zone-hint`}
            >
              {zoneKnown ? null : <option value={draft.timeZone}>{draft.timeZone}</option>}
              <optgroup label="Common zones">
                {COMMON_ZONES.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </optgroup>
              {OTHER_ZONES.length > 0 ? (
                <optgroup label="All zones">
                  {OTHER_ZONES.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.label}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
            <p id={`${id}-zone-hint`} className="mt-1 text-sm text-ink-soft">
              Your weekly hours and blocked days are read in this zone; participants see times in their own.
            </p>
            <FieldError id={`${id}-zone-error`} message={error('timeZone')} />
          </div>
        </div>

        <WeeklyHoursEditor id={`${id}-hours`} periods={draft.weeklyHours} onChange={(periods) => set('weeklyHours', periods)} errors={errors} />

        <BlockedDaysEditor id={`${id}-blocked`} days={draft.blockedDates} onChange={(days) => set('blockedDates', days)} error={error('blockedDates')} />

        <div>
          <TextField
            id={`${id}-link`}
            label="Meeting link"
            optional
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={draft.meetingLink}
            onChange={(event) => set('meetingLink', event.target.value)}
            error={error('meetingLink')}
            aria-describedby={[`${id}-link-optional`, `${id}-link-hint`, error('meetingLink') ? `${id}-link-error` : ''].filter(Boolean).join(' ')}
          />
          <p id={`${id}-link-hint`} className="mt-1 text-sm text-ink-soft">
            Goes into each new call’s e-mails and calendar event. Leave it empty to send a link yourself.
          </p>
        </div>

        <div className="space-y-3">
          {errors ? (
            <p role="alert" className="text-sm font-semibold text-danger">
              {errors.weeklyHours ?? 'Some fields need fixing: see the messages above.'}
            </p>
          ) : null}
          {refused ? (
            <p role="alert" className="rounded-brutal border-2 border-danger bg-danger-soft px-3 py-2 text-sm font-semibold">
              {refused}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </section>
  );
}

// ------------------------------------------------------------------------------ weekly hours

function WeeklyHoursEditor({ id, periods, onChange, errors }: { id: string; periods: DraftPeriod[]; onChange: (periods: DraftPeriod[]) => void; errors: DraftErrors | null }) {
  const update = (key: number, change: Partial<DraftPeriod>) => onChange(periods.map((period) => (period.key === key ? { ...period, ...change } : period)));
  const add = (weekday: number) => {
    const last = periods.filter((period) => period.weekday === weekday).at(-1);
    // After the day's last period, or the usual working day for a day that had none.
    const start = last ? (last.end === '00:00' ? '18:00' : last.end) : '09:00';
    const end = last ? '' : '17:00';
    onChange(sortPeriods([...periods, { key: periodKey(), weekday, start, end }]));
  };
  const remove = (key: number) => onChange(periods.filter((period) => period.key !== key));
  const ruleError = errors?.weeklyHours ?? errors?.fields.get('weeklyHours') ?? null;
  return (
    <fieldset aria-describedby={ruleError ? `${id}-hint ${id}-error` : `${id}-hint`} className="min-w-0">
      <legend className="text-sm font-bold">Weekly hours</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
        When calls can take place, in the time zone above. Calls follow one another from the start of each period; an end of 12:00 AM is the end of the day.
      </p>
      <ul className="mt-3 rounded-brutal border-2 border-ink bg-white">
        {WEEKDAY_NAMES.map((name, index) => {
          const weekday = index + 1;
          const own = periods.map((period, at) => ({ period, at })).filter(({ period }) => period.weekday === weekday);
          return (
            // Phone: the day and its Add button on one line, its periods under them; wider: one row.
            <li key={name} className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-2 border-b-2 border-paper-deep px-3 py-2.5 last:border-b-0 sm:grid-cols-[7.5rem_1fr_auto]">
              <p className="flex min-h-11 items-center font-bold">{name}</p>
              <div className="col-span-2 row-start-2 min-w-0 space-y-2 sm:col-span-1 sm:col-start-2 sm:row-start-1">
                {own.length === 0 ? <p className="flex min-h-11 items-center text-sm text-ink-soft">No calls</p> : null}
                {own.map(({ period, at }, number) => {
                  const label = `${name}, period ${number + 1}`;
                  const startError = errors?.fields.get(`weeklyHours.${at}.start`);
                  const endError = errors?.fields.get(`weeklyHours.${at}.end`);
                  return (
                    <div key={period.key}>
                      <div className="flex items-center gap-1">
                        <TimeInput id={`${id}-${period.key}-start`} label={`${label}: from`} value={period.start} invalid={Boolean(startError)} onChange={(start) => update(period.key, { start })} />
                        <span aria-hidden="true">–</span>
                        <TimeInput id={`${id}-${period.key}-end`} label={`${label}: to`} value={period.end} invalid={Boolean(endError)} onChange={(end) => update(period.key, { end })} />
                        <button type="button" className={smallButtonClasses('ghost', 'shrink-0 px-2')} onClick={() => remove(period.key)} aria-label={`Remove ${label}`}>
                          <X aria-hidden="true" className="size-5" />
                        </button>
                      </div>
                      <FieldError id={`${id}-${period.key}-error`} message={startError ?? endError} />
                    </div>
                  );
                })}
              </div>
              <button type="button" className={smallButtonClasses('secondary', 'col-start-2 row-start-1 sm:col-start-3')} onClick={() => add(weekday)}>
                <Plus aria-hidden="true" className="size-4" />
                Add<span className="sr-only"> hours on {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-error`} message={ruleError ?? undefined} />
    </fieldset>
  );
}

/** A clock time; its name ('Monday, period 1: from') is for screen readers, the row shows the day and the dash. */
function TimeInput({ id, label, value, invalid, onChange }: { id: string; label: string; value: string; invalid: boolean; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="time"
        step={300}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        // Two times and the remove button share a phone's line: there the clock icon gives way to the
        // digits (a tap opens the phone's own time picker anyway).
        className={`${controlClasses} w-32 min-w-0 sm:w-36 max-sm:[&::-webkit-calendar-picker-indicator]:hidden`}
      />
    </>
  );
}

// ------------------------------------------------------------------------------ blocked days

function BlockedDaysEditor({ id, days, onChange, error }: { id: string; days: string[]; onChange: (days: string[]) => void; error?: string }) {
  const [typed, setTyped] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const add = () => {
    if (!isCalendarDay(typed)) return setSaid('Pick a day to block first.');
    setSaid(null);
    setTyped('');
    if (!days.includes(typed)) onChange([...days, typed].sort());
  };
  return (
    <fieldset aria-describedby={`${id}-hint`} className="min-w-0">
      <legend className="text-sm font-bold">Blocked days</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
        No calls on these days (holidays, time off), in the time zone above.
      </p>
      {days.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Blocked days">
          {days.map((day) => (
            <li key={day} className="inline-flex items-center gap-1 rounded-brutal border-2 border-ink bg-white pl-3 text-sm font-semibold">
              <time dateTime={day}>{longDayLabel(day)}</time>
              <button type="button" className={smallButtonClasses('ghost', 'px-2')} onClick={() => onChange(days.filter((other) => other !== day))} aria-label={`Unblock ${longDayLabel(day)}`}>
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm">No days blocked.</p>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-day`} className="mb-1.5 block text-sm font-bold">
            Day to block
          </label>
          <input
            id={`${id}-day`}
            type="date"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            // Enter adds the day rather than sending the whole form.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
            aria-describedby={said ? `${id}-said` : undefined}
            className={`${controlClasses} w-48`}
          />
        </div>
        <button type="button" className={smallButtonClasses('secondary')} onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Block day
        </button>
      </div>
      <FieldError id={`${id}-said`} message={said ?? error} />
    </fieldset>
  );
}

// ------------------------------------------------------------------------------ calendar feed

function CalendarFeed({ settings }: { settings: CallSettings }) {
  const id = useId();
  const renew = useRenewFeedToken();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    renew.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast({ title: 'Feed address renewed', description: 'Subscribe to the new address in your calendar app.' });
      },
      onError: (failure) => {
        setAsking(false);
        failureToast('Could not renew the address', failure);
      },
    });
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0">
      <h3 id={`${id}-heading`} className="mb-3 text-lg font-extrabold">
        Calendar feed
      </h3>
      <p className="mb-3 text-sm">
        Subscribe to this address in your calendar app to see your workshops and booked calls there. Anyone with the address can read it, so keep it to
        yourself.
      </p>
      <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm font-bold">
        Feed address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-url`}
          readOnly
          value={settings.feedUrl}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClasses} min-w-0 flex-1 font-mono text-sm`}
        />
        <button type="button" className={smallButtonClasses('secondary', 'shrink-0')} onClick={() => void copyText('Feed address', settings.feedUrl)}>
          <Copy aria-hidden="true" className="size-4" />
          Copy<span className="sr-only"> feed address</span>
        </button>
      </div>
      <div className="mt-3">
        <button type="button" className={smallButtonClasses('secondary')} onClick={() => setAsking(true)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Renew address
        </button>
      </div>
      <ConfirmRenew open={asking} busy={renew.isPending} onOpenChange={setAsking} onConfirm={confirm}>
        Calendars subscribed to the current address stop updating until you subscribe them to the new one.
      </ConfirmRenew>
    </section>
  );
}

function ConfirmRenew({ open, busy, onOpenChange, onConfirm, children }: { open: boolean; busy: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void; children: ReactNode }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Renew the feed address?"
      description="The old address stops working at once."
      footer={
        <>
          <button type="button" className={smallButtonClasses('secondary')} onClick={() => onOpenChange(false)}>
            Keep address
          </button>
          <button type="button" className={smallButtonClasses('danger')} disabled={busy} onClick={onConfirm}>
            {busy ? 'Renewing…' : 'Renew address'}
          </button>
        </>
      }
    >
      <p className="text-sm">{children}</p>
    </Dialog>
  );
}
