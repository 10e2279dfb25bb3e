import { useEffect, useState, type KeyboardEvent } from 'react';
import { runtimeTimeZone } from '../../../common/time-zones';
import { Button } from '../../../client/components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../client/components/ui/form';
import { useSchemaForm } from '../../../client/components/ui/use-schema-form';
import { refusalMessage } from '../../../client/lib/api-client';
import type { PublicWorkshopDate } from '../../workshops';
import { joinWaitlistSchema, type JoinWaitlist, type JoinWaitlistInput } from '../waitlist.schema';
import { useJoinWaitlist } from './api/join-waitlist';
import { seatChoices } from './waitlist-text';

const JOIN_FAILED = 'We could not add you to the waiting list just now. Please try again in a moment.';

type Props = {
  date: PublicWorkshopDate;
  /** With the server's words for the visitor's place in line. */
  onJoined: (message: string) => void;
  onCancel: () => void;
};

/**
 * The waiting list's form on a booked-out date's card. It sits inside the booking form, and a
 * form may not hold another, so it is a group whose button (or Enter in a field) sends it: Enter
 * must not send the booking form around it.
 */
export default function JoinWaitlistForm({ date, onJoined, onCancel }: Props) {
  const { field, formId, handleSubmit, setFocus } = useSchemaForm<JoinWaitlistInput, JoinWaitlist>(joinWaitlistSchema, {
    workshopDateId: date.id,
    firstName: '',
    lastName: '',
    email: '',
    seats: 1,
    nextDate: false,
  });
  const join = useJoinWaitlist();
  const [refusal, setRefusal] = useState<string>();
  useEffect(() => setFocus('firstName'), [setFocus]);

  const send = handleSubmit(async (values) => {
    setRefusal(undefined);
    try {
      const joined = await join.mutateAsync({ ...values, timeZone: runtimeTimeZone() });
      onJoined(joined.message);
    } catch (error) {
      setRefusal(refusalMessage(error) ?? JOIN_FAILED);
    }
  });
  const sendOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || event.target.type === 'checkbox') return;
    event.preventDefault();
    void send();
  };

  const headingId = `${formId}-heading`;
  return (
    <div role="group" aria-labelledby={headingId} onKeyDown={sendOnEnter} className="rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <h4 id={headingId} className="text-base font-black">
        Join the waiting list
      </h4>
      <p className="mt-1 text-sm text-ink-soft">When seats free up they go to the waiting list first, in order of joining. We e-mail you a link that holds them for you.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" className="sm:col-span-2" {...field('email')} />
        <SelectField label="Seats" options={seatChoices()} {...field('seats', { setValueAs: (value: string) => Number(value) })} />
      </div>
      {date.templateId !== null ? (
        <CheckboxField className="mt-3" label="Or the next date of this workshop with room" {...field('nextDate')} />
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-3 rounded-brutal border-2 border-ink bg-danger-soft p-3 text-sm font-semibold">
          {refusal}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => void send()} disabled={join.isPending}>
          {join.isPending ? 'Joining…' : 'Join the waiting list'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={join.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
