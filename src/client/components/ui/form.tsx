import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
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
  /** The react-hook-form binding; without it the field is controlled by its own value and onChange (a tool's state). */
  registration?: UseFormRegisterReturn;
  optional?: boolean;
};

/** The label holds only the field's name (tests and screen readers find it by that); "Optional" is a description. */
export function FieldLabel({ id, label, optional }: { id: string; label: string; optional?: boolean }) {
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

/**
 * A labelled control: the label, the control (given the attributes that tie it to the label,
 * the "Optional" note and the error), then the error underneath.
 */
function LabelledField({
  id,
  label,
  error,
  optional,
  className,
  control,
}: Pick<FieldProps, 'id' | 'label' | 'error' | 'optional'> & {
  className?: string;
  control: (bound: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const describedBy = [optional && `${id}-optional`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} optional={optional} />
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextField({ registration, ...props }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const { field, rest } = splitFieldProps(props);
  return <LabelledField {...field} control={(bound) => <input {...bound} className={controlClasses} {...rest} {...registration} />} />;
}

export function TextAreaField({ registration, ...props }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { field, rest } = splitFieldProps(props);
  return <LabelledField {...field} control={(bound) => <textarea {...bound} className={cx(controlClasses, 'min-h-32 resize-y')} {...rest} {...registration} />} />;
}

/** A whole number (a sort order, a number of seats): the number pad on a phone, steps of one. */
export function WholeNumberField(props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'inputMode'>) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}

type SelectFieldProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ('Choose…'); its value is ''. */
  placeholder?: string;
};

/** A native select (right on every phone, keyboard and screen reader) bound to react-hook-form. */
export function SelectField({ registration, options, placeholder, ...props }: SelectFieldProps) {
  const { field, rest } = splitFieldProps(props);
  return (
    <LabelledField
      {...field}
      control={(bound) => (
        <select {...bound} className={controlClasses} {...rest} {...registration}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The field's own props apart from what goes on to the control itself. */
function splitFieldProps<Rest extends object>({ id, label, error, optional, className, ...rest }: Omit<FieldProps, 'registration'> & { className?: string } & Rest) {
  return { field: { id, label, error, optional, className }, rest };
}

/** A checkbox with its label to the right, bound to react-hook-form. */
export function CheckboxField({ id, label, error, registration, className, ...inputProps }: Omit<FieldProps, 'optional'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-ink"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
          {...registration}
        />
        <label htmlFor={id} className="text-sm font-bold">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type FilterSelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The width beside the other tools above a list. */
  className?: string;
};

/** A choice that narrows the list below it (not part of a form): its label above a native select. */
export function FilterSelect({ id, label, value, onChange, options, className }: FilterSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-bold">
        {label}
      </label>
      <select id={id} className={controlClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
