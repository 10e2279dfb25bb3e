import { useRef } from 'react';
import { TextAreaField, TextField } from '../../../../client/components/ui/form';
import { DATE_MESSAGE_PLACEHOLDERS } from '../../date-messages.schema';

export type Draft = { subject: string; html: string };
export const EMPTY_DRAFT: Draft = { subject: '', html: '' };

type Props = {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  draft: Draft;
  onChange: (draft: Draft) => void;
  error?: string;
  readOnly?: boolean;
};

/**
 * Subject and HTML body, with a chip per placeholder that inserts it where the caret was in the
 * field last used (the body when none was), so nobody has to remember how a placeholder is spelled.
 */
export function MessageComposer({ idPrefix, draft, onChange, error, readOnly }: Props) {
  const lastField = useRef<'subject' | 'html'>('html');
  // Read from the event's field (data-field), so one handler serves both and touches the ref only when called.
  const remember = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    lastField.current = event.currentTarget.dataset.field === 'subject' ? 'subject' : 'html';
  };

  const insert = (key: string) => {
    const field = lastField.current;
    const text = draft[field];
    // A field keeps its caret while the chip has the focus.
    const element = document.getElementById(`${idPrefix}-${field}`) as HTMLInputElement | HTMLTextAreaElement | null;
    const at = element?.selectionStart ?? text.length;
    const token = `{{${key}}}`;
    onChange({ ...draft, [field]: `${text.slice(0, at)}${token}${text.slice(at)}` });
    window.setTimeout(() => {
      element?.focus();
      element?.setSelectionRange(at + token.length, at + token.length);
    }, 0);
  };

  return (
    <div className="grid gap-3">
      <TextField
        id={`${idPrefix}-subject`}
        label="Subject"
        value={draft.subject}
        readOnly={readOnly}
        maxLength={200}
        onChange={(event) => onChange({ ...draft, subject: event.target.value })}
        data-field="subject"
        onFocus={remember}
      />
      <div>
        <p id={`${idPrefix}-chips-label`} className="mb-1.5 text-sm font-bold">
          Insert a placeholder
        </p>
        <div role="group" aria-labelledby={`${idPrefix}-chips-label`} className="flex flex-wrap gap-1.5">
          {DATE_MESSAGE_PLACEHOLDERS.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              disabled={readOnly}
              title={label}
              onClick={() => insert(key)}
              className="min-h-9 rounded-full border-2 border-ink bg-white px-2.5 font-mono text-xs font-bold hover:bg-accent-soft disabled:opacity-50"
            >
              {`{{${key}}}`}
            </button>
          ))}
        </div>
      </div>
      <TextAreaField
        id={`${idPrefix}-html`}
        label="Message (HTML)"
        value={draft.html}
        readOnly={readOnly}
        rows={9}
        error={error}
        className="[&_textarea]:min-h-48 [&_textarea]:font-mono [&_textarea]:text-sm"
        placeholder="<p>Hi {{firstName}},</p>"
        onChange={(event) => onChange({ ...draft, html: event.target.value })}
        data-field="html"
        onFocus={remember}
      />
    </div>
  );
}
