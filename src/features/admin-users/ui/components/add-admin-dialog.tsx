import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogFooter } from '../../../../client/components/ui/dialog';
import { TextField } from '../../../../client/components/ui/form';
import { createAdminUserSchema, MIN_ADMIN_PASSWORD_LENGTH, type CreateAdminUserInput } from '../../admin-users.schema';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** setEmailError puts a server refusal (an existing admin) under the Email field. */
  onSubmit: (values: CreateAdminUserInput, setEmailError: (message: string) => void) => void;
};

const EMPTY: CreateAdminUserInput = { email: '', password: '' };

/** Add Admin: an e-mail and a first password, which the new admin signs in with. */
export function AddAdminDialog({ open, onOpenChange, busy, onSubmit }: Props) {
  const formId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateAdminUserInput>({ resolver: zodResolver(createAdminUserSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const submit = handleSubmit((values) => onSubmit(values, (message) => setError('email', { message }, { shouldFocus: true })));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Admin"
      description="The new admin signs in at /admin/login2 with this e-mail and password."
      footer={<FormDialogFooter formId={formId} busy={busy} label={'Add Admin'} busyLabel="Adding…" onCancel={() => onOpenChange(false)} />}
    >
      <form id={formId} noValidate onSubmit={submit} aria-label="Add Admin" className="grid gap-4">
        <TextField
          id={`${formId}-email`}
          label="Email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          error={errors.email?.message}
          registration={register('email')}
        />
        <div>
          <TextField
            id={`${formId}-password`}
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            registration={register('password')}
            aria-describedby={errors.password ? `${formId}-password-error ${formId}-password-hint` : `${formId}-password-hint`}
          />
          <p id={`${formId}-password-hint`} className="mt-1.5 text-xs text-ink-soft">
            At least {MIN_ADMIN_PASSWORD_LENGTH} characters. Share it privately; the new admin can turn on two-step sign-in after signing in.
          </p>
        </div>
      </form>
    </Dialog>
  );
}
