import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../../client/components/ui/form';
import { Button } from '../../../../client/components/ui/button';
import { toast } from '../../../../client/components/ui/toast-store';
import { ACCESS_LINK_INVALID, INVALID_EMAIL, participantAccessSchema, VERIFY_FAILED, type ParticipantAccessInput } from '../../participant.schema';

type Props = {
  linkInvalid: boolean;
  busy: boolean;
  /** Called with a valid address; the page decides whether to e-mail a link or (for an admin) open it. */
  onSubmit: (email: string) => void;
  defaultEmail?: string;
};

/** The 'Access Your Bookings' screen. */
export function EmailEntry({ linkInvalid, busy, onSubmit, defaultEmail = '' }: Props) {
  const { register, handleSubmit, formState } = useForm<ParticipantAccessInput>({
    resolver: zodResolver(participantAccessSchema),
    defaultValues: { email: defaultEmail },
  });
  const submit = handleSubmit(
    ({ email }) => onSubmit(email),
    () => toast({ title: 'Invalid Email', description: INVALID_EMAIL, variant: 'destructive' }),
  );
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Access Your Bookings</h1>
      <p className="mt-3 text-lg text-ink-soft">
        Enter the email address you booked with. We will send you a link that opens your bookings, meeting details and materials.
      </p>
      {linkInvalid ? (
        <p role="alert" className="mt-6 flex items-start gap-3 rounded-brutal border-2 border-ink bg-danger-soft p-4 font-semibold">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {ACCESS_LINK_INVALID}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Access your bookings" className="mt-8 space-y-5 rounded-brutal border-2 border-ink bg-white p-5 shadow-brutal sm:p-6">
        <TextField id="participant-email" label="Email" type="email" autoComplete="email" inputMode="email" registration={register('email')} error={formState.errors.email?.message} />
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? 'Sending…' : 'Send my link'}
        </Button>
      </form>
    </div>
  );
}

/** After asking: the same words whether or not the address has bookings. */
export function LinkSent({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Check your inbox</h1>
      <section role="status" className="mt-8 rounded-brutal border-2 border-ink bg-success-soft p-5 shadow-brutal sm:p-6">
        <div className="flex items-start gap-3">
          <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          <p className="font-semibold">{message}</p>
        </div>
        <p className="mt-3 text-sm">The link works for 7 days. It can take a minute or two to arrive; check your spam folder too.</p>
      </section>
      <Button variant="secondary" className="mt-6" onClick={onBack}>
        Use a different email
      </Button>
    </div>
  );
}

export const accessErrorToast = () => toast({ title: 'Error', description: VERIFY_FAILED, variant: 'destructive' });
