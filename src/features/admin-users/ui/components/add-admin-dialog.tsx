import { TextField } from '../../../../client/components/ui/form';
import { FormDialog } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
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
  const { formId, field, handleSubmit, setError } = useSchemaForm(createAdminUserSchema, EMPTY);
  const submit = handleSubmit((values) => onSubmit(values, (message) => setError('email', { message }, { shouldFocus: true })));
  const password = field('password');
  const hintId = `${password.id}-hint`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Admin"
      description="The new admin signs in at /admin/login2 with this e-mail and password."
      formId={formId}
      onSubmit={submit}
      busy={busy}
      submitLabel="Add Admin"
      busyLabel="Adding…"
      formClassName="grid gap-4"
    >
      <TextField label="Email" type="email" autoComplete="off" spellCheck={false} {...field('email')} />
      <div>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...password}
          aria-describedby={password.error ? `${password.id}-error ${hintId}` : hintId}
        />
        <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
          At least {MIN_ADMIN_PASSWORD_LENGTH} characters. Share it privately; the new admin can turn on two-step sign-in after signing in.
        </p>
      </div>
    </FormDialog>
  );
}
