import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField, TextField, WholeNumberField } from '../../../../client/components/ui/form';
import { ResourceFormDialog, type ResourceFormProps } from '../../../../client/components/ui/form-dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import {
  DEFAULT_DISCOUNT_PERCENT,
  discountCodeInputSchema,
  expiresAtToDateInput,
  type DiscountCode,
  type DiscountCodeFormValues,
  type DiscountCodeInput,
} from '../../admin-discounts.schema';

/** The form's starting values: spec §5 defaults for a new code, the stored values when editing. */
function startingValues(code: DiscountCode | null): DiscountCodeFormValues {
  if (!code) return { code: '', description: '', discountPercent: String(DEFAULT_DISCOUNT_PERCENT), maxUses: '', expiresAt: '', isActive: true };
  return {
    code: code.code,
    description: code.description,
    discountPercent: String(code.discountPercent),
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    expiresAt: expiresAtToDateInput(code.expiresAt),
    isActive: code.isActive,
  };
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The day an active code's expiration date (the end of that day, UTC) has already passed, if it has. */
export function expiredDate(expiresAt: unknown, isActive: unknown, now = Date.now()): string | null {
  if (isActive !== true || typeof expiresAt !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(expiresAt)) return null;
  const end = Date.parse(`${expiresAt}T23:59:59.999Z`);
  return Number.isNaN(end) || end > now ? null : dayFormat.format(end);
}

export type DiscountCodeSubmit = {
  values: DiscountCodeInput;
  /** False when the expiry was left as it was, so an exact stored instant is not rounded to the day. */
  expiryChanged: boolean;
  /** Puts a server refusal (a duplicate code) under the Code field. */
  setCodeError: (message: string) => void;
};

/** Add or edit a discount code; the messages come from the shared schema. */
export function DiscountCodeDialog({ editing, onSubmit, ...dialog }: ResourceFormProps<DiscountCode, DiscountCodeSubmit>) {
  const { formId, field, control, handleSubmit, setError, formState } = useSchemaForm(discountCodeInputSchema, startingValues(editing));
  // Read while rendering: react-hook-form tracks dirty fields only for a form state that is read.
  const { dirtyFields } = formState;

  // An active code whose date has passed would not work at checkout: the first Save says so and
  // asks again ('Save anyway') instead of saving. (The tab keys the dialog by its opening, so each
  // opening asks afresh.)
  const [warned, setWarned] = useState(false);
  const expiredOn = expiredDate(useWatch({ control, name: 'expiresAt' }), useWatch({ control, name: 'isActive' }));

  const submit = handleSubmit((values) => {
    if (expiredOn && !warned) {
      setWarned(true);
      return;
    }
    onSubmit({
      values,
      expiryChanged: !editing || Boolean(dirtyFields.expiresAt),
      setCodeError: (message) => setError('code', { message }, { shouldFocus: true }),
    });
  });
  const warning = expiredOn && warned;

  return (
    <ResourceFormDialog
      {...dialog}
      size="md"
      texts={{ noun: 'Discount Code', editTitle: (row) => `Edit ${row.code}` }}
      editing={editing}
      description={editing ? 'Change the code, its discount or its limits.' : 'Buyers type this code at checkout to get the discount.'}
      formId={formId}
      onSubmit={submit}
      submitLabel={warning ? 'Save anyway' : undefined}
      after={
        <>
          {warning ? (
            <p role="alert" className="mt-4 rounded-brutal border-2 border-ink bg-accent-soft px-3 py-2 text-sm font-semibold">
              This code expired on {expiredOn}: saved as active, it still will not work at checkout. Choose a later expiration date, untick Active, or
              save anyway.
            </p>
          ) : null}
          <p className="mt-3 text-xs text-ink-soft">Codes are saved in capitals and work at checkout in any letter case. An expiration date means the end of that day (UTC).</p>
        </>
      }
    >
      <TextField label="Code" autoComplete="off" autoCapitalize="characters" spellCheck={false} className="sm:col-span-2" placeholder="SPRING25" {...field('code')} />
      <TextField label="Description" autoComplete="off" className="sm:col-span-2" {...field('description')} />
      <WholeNumberField label="Discount (%)" min={1} max={100} {...field('discountPercent')} />
      <WholeNumberField label="Max uses" min={1} placeholder="Unlimited" optional {...field('maxUses')} />
      <TextField label="Expiration date" type="date" optional {...field('expiresAt')} />
      <CheckboxField label="Active" className="self-end" {...field('isActive')} />
    </ResourceFormDialog>
  );
}
