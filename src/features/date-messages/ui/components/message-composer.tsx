import { useRef } from 'react';
import { RichTextEditor, type RichTextHandle } from '../../../../client/components/rich-text/rich-text-editor';
import { TextField } from '../../../../client/components/ui/form';
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
 * Subject and body (rich text or HTML), with a chip per placeholder that inserts it where the caret
 * was in the field last used (the body when none was), so nobody has to remember how a placeholder
 * is spelled.
 */
export function MessageComposer({ idPrefix, draft, onChange, error, readOnly }: Props) {
  const lastField = useRef<'subject' | 'html'>('html');
  const body = useRef<RichTextHandle>(null);

  const insert = (key: string) => {
    const token = `{{${key}}}`;
    if (lastField.current === 'html') {
      body.current?.insertText(token);
      return;
    }
    // The subject keeps its caret while the chip has the focus.
    const element = document.getElementById(`${idPrefix}-subject`) as HTMLInputElement | null;
    const at = element?.selectionStart ?? draft.subject.length;
    onChange({ ...draft, subject: `${draft.subject.slice(0, at)}${token}${draft.subject.slice(at)}` });
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
        onFocus={() => {
          lastField.current = 'subject';
        }}
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
      <RichTextEditor
        ref={body}
        id={`${idPrefix}-html`}
        label="Message"
        headings="email"
        placeholderLinks
        value={draft.html}
        onChange={(html) => onChange({ ...draft, html })}
        error={error}
        readOnly={readOnly}
        minHeight="min-h-48"
        htmlPlaceholder="<p>Hi {{firstName}},</p>"
        onFocus={() => {
          lastField.current = 'html';
        }}
      />
    </div>
  );
}
