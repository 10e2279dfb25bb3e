import { useState, type FormEvent } from 'react';
import { Dialog, FormButtons, openWhile } from '../../../../client/components/ui/dialog';
import { WholeNumberField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { MAX_REPEAT_WEEKS, type AdminWorkshopDate } from '../../admin-workshops.schema';
import { useRepeatDate } from '../api/date-actions';

/** "Repeat weekly…": N copies, each a week after the last, at the same local time in the date's zone. */
export function RepeatDialog({ workshop, onClose }: { workshop: AdminWorkshopDate | null; onClose: () => void }) {
  const [weeks, setWeeks] = useState(4);
  const repeat = useRepeatDate();
  const valid = Number.isInteger(weeks) && weeks >= 1 && weeks <= MAX_REPEAT_WEEKS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!workshop || !valid) return;
    repeat.mutate(
      { id: workshop.id, weeks },
      {
        onSuccess: ({ created }) => {
          toast({ title: 'Dates added', description: `${created.length} weekly ${created.length === 1 ? 'date' : 'dates'} added, the last on ${created.at(-1)?.date ?? ''}.` });
          onClose();
        },
        onError: (error) => toast({ title: 'Could not repeat the date', description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog {...openWhile(workshop, onClose)} title="Repeat weekly" description={workshop ? `${workshop.title}: ${workshop.date}, ${workshop.time} ${workshop.timezone}` : undefined}>
      <form onSubmit={submit} className="grid gap-3">
        <WholeNumberField
          id="repeat-weeks"
          label={`Weeks (1–${MAX_REPEAT_WEEKS})`}
          min={1}
          max={MAX_REPEAT_WEEKS}
          value={Number.isNaN(weeks) ? '' : weeks}
          onChange={(event) => setWeeks(event.target.valueAsNumber)}
          error={valid ? undefined : `Weeks must be a whole number from 1 to ${MAX_REPEAT_WEEKS}`}
        />
        <p className="text-sm text-ink-soft">Each copy is a week after the last, at the same local time; it starts with no bookings.</p>
        <FormButtons onCancel={onClose} label="Add dates" busy={repeat.isPending} busyLabel="Adding…" disabled={!valid} />
      </form>
    </Dialog>
  );
}
