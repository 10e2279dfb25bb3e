import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { get, useForm, type DefaultValues, type FieldError, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A form checked by the shared zod schema, started from `defaultValues` (a dialog keyed by its
 * opening starts afresh each time). `field(name)` gives a field component (TextField, …) its id,
 * registration and message.
 */
export function useSchemaForm<Values extends FieldValues, Output>(schema: ZodType<Output, Values>, defaultValues: DefaultValues<Values>) {
  const formId = useId();
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const field = (name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>) => ({
    id: `${formId}-${name}`,
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
    registration: form.register(name, options),
  });
  return { ...form, formId, field };
}
