import { useState } from 'react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { controlClasses } from '../../../../client/components/ui/form';
import type { ScheduledMessageInput } from '../../date-messages.schema';
import { MessageComposer } from './message-composer';

const UNITS = [
  { value: 1440, label: 'days' },
  { value: 60, label: 'hours' },
  { value: 1, label: 'minutes' },
] as const;

/** An offset as the form shows it: the largest unit it is a whole number of. */
function split(offsetMinutes: number): { amount: number; unit: number; after: boolean } {
  const minutes = Math.abs(offsetMinutes);
  const unit = UNITS.find((candidate) => minutes % candidate.value === 0 && minutes >= candidate.value)?.value ?? 60;
  return { amount: minutes / unit, unit, after: offsetMinutes > 0 };
}

type Props = {
  idPrefix: string;
  initial: ScheduledMessageInput;
  busy: boolean;
  error?: string;
  saveLabel: string;
  onSave: (input: ScheduledMessageInput) => void;
  onCancel: () => void;
};

/** When (an amount, a unit, before or after the start) and what: for a date's schedule and for the defaults. */
export function ScheduledMessageForm({ idPrefix, initial, busy, error, saveLabel, onSave, onCancel }: Props) {
  const start = split(initial.offsetMinutes);
  const [amount, setAmount] = useState(String(start.amount));
  const [unit, setUnit] = useState(start.unit);
  const [after, setAfter] = useState(start.after);
  const [draft, setDraft] = useState({ subject: initial.subject, html: initial.html });
  const offsetMinutes = Math.round(Number(amount) || 0) * unit * (after ? 1 : -1);

  return (
    <form
      className="grid gap-3 rounded-brutal border-2 border-ink bg-paper p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ offsetMinutes, ...draft });
      }}
    >
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-bold">When</legend>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${idPrefix}-amount`}
            aria-label="How long"
            className={`${controlClasses} w-24`}
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/\D/g, ''))}
          />
          <select aria-label="Unit" className={`${controlClasses} w-auto`} value={unit} onChange={(event) => setUnit(Number(event.target.value))}>
            {UNITS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <select aria-label="Before or after" className={`${controlClasses} w-auto`} value={after ? 'after' : 'before'} onChange={(event) => setAfter(event.target.value === 'after')}>
            <option value="before">before the start</option>
            <option value="after">after the start</option>
          </select>
        </div>
      </fieldset>
      <MessageComposer idPrefix={idPrefix} draft={draft} onChange={setDraft} error={error} readOnly={busy} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={smallButtonClasses('secondary')} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={smallButtonClasses('primary')} disabled={busy}>
          {busy ? 'Saving…' : saveLabel}
        </button>
      </div>
    </form>
  );
}
