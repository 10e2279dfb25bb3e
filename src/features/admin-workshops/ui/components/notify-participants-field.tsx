import { CheckboxField } from '../../../../client/components/ui/form';
import type { DateChangePreview } from '../../admin-workshops.schema';
import { notifyLabel } from '../../date-changes';

/**
 * 'Notify 7 participants', checked by default, with what changed: shown in the workshop form while
 * an edit changes the day, time, zone or meeting details of a date people hold seats on.
 */
export function NotifyParticipantsField({ preview, checked, onChange }: { preview: DateChangePreview; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="grid gap-1 rounded-md border-2 border-ink bg-paper-deep p-3 sm:col-span-2" data-testid="notify-participants">
      <CheckboxField
        id="workshop-notify-participants"
        label={notifyLabel(preview.participants)}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="workshop-notify-changes"
      />
      <ul id="workshop-notify-changes" className="ml-6 list-disc text-sm text-ink-soft">
        {preview.changes.map((change) => (
          <li key={change.field}>
            <span className="font-bold text-ink">{change.label}</span>: {change.from} → {change.to}
          </li>
        ))}
      </ul>
      <p className="ml-6 text-xs text-ink-soft">Each gets an e-mail with what changed and an updated calendar event.</p>
    </div>
  );
}
