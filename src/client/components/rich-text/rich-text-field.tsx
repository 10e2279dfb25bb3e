import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

type Props<Values extends FieldValues> = Omit<RichTextEditorProps, 'value' | 'onChange' | 'error'> & {
  control: Control<Values>;
  name: Path<Values>;
};

/** The rich-text editor as a field of a react-hook-form form: its value, its changes and its error. */
export function RichTextField<Values extends FieldValues>({ control, name, ...editor }: Props<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor {...editor} value={typeof field.value === 'string' ? field.value : ''} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}
