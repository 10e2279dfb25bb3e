import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cx } from './cx';

/**
 * Inputs bound to react-hook-form. Every field has a visible label; its zod message (from the
 * shared schema) shows underneath and is linked with aria-describedby.
 */

export const controlClasses =
  'block w-full min-h-11 rounded-brutal border-2 border-ink bg-white px-3 py-2 text-base text-ink shadow-brutal-sm placeholder:text-ink-soft aria-invalid:border-danger aria-invalid:shadow-[2px_2px_0_0_var(--color-danger)]';

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-semibold text-danger">
      {message}
    </p>
  );
}

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  optional?: boolean;
};

/** The label holds only the field's name (tests and screen readers find it by that); "Optional" is a description. */
function FieldLabel({ id, label, optional }: { id: string; label: string; optional?: boolean }) {
  return (
    <div className="mb-1.5 flex items-baseline justify-between gap-2">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      {optional && (
        <span id={`${id}-optional`} className="text-xs font-semibold uppercase tracking-label text-ink-soft">
          Optional
        </span>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, optional?: boolean): string | undefined {
  const ids = [optional && `${id}-optional`, error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function TextField({
  id,
  label,
  error,
  registration,
  optional,
  className,
  ...inputProps
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} optional={optional} />
      <input
        id={id}
        className={controlClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, optional)}
        {...inputProps}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  registration,
  optional,
  className,
  ...textareaProps
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} optional={optional} />
      <textarea
        id={id}
        className={cx(controlClasses, 'min-h-32 resize-y')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, optional)}
        {...textareaProps}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
