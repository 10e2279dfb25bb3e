import { controlClasses } from '../../../../client/components/ui/form';
import { EMAIL_TEMPLATE_LIST, isEmailTemplateType, type EmailTemplateType } from '../../email-template-types';

type Props = { id: string; label: string; value: EmailTemplateType; onChange: (type: EmailTemplateType) => void; disabled?: boolean };

/** Every e-mail type (booking-confirmation and booking-cancellation first, as the spec names them). */
export function TemplateTypeSelect({ id, label, value, onChange, disabled }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-bold">
        {label}
      </label>
      <select
        id={id}
        className={controlClasses}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isEmailTemplateType(event.target.value)) onChange(event.target.value);
        }}
      >
        {EMAIL_TEMPLATE_LIST.map((definition) => (
          <option key={definition.type} value={definition.type}>
            {definition.type} — {definition.label}
          </option>
        ))}
      </select>
    </div>
  );
}
