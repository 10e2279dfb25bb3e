import type { Editor } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { smallButtonClasses } from '../ui/dialog';
import { controlClasses } from '../ui/form';
import { PLACEHOLDER_HREF } from './rich-text-support';

/**
 * Adds, changes or removes the link on the selected text; only http(s) and mailto addresses, and
 * in an e-mail template a placeholder that becomes a link when sent (`{{participantLink}}`).
 */
export function LinkForm({ editor, onDone, placeholders = false }: { editor: Editor; onDone: () => void; placeholders?: boolean }) {
  const inputId = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);

  const apply = () => {
    const value = href.trim();
    const placeholder = placeholders && PLACEHOLDER_HREF.test(value);
    if (!placeholder && !/^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(value)) {
      setError(placeholders ? 'Enter an address starting with https://, http:// or mailto:, or a placeholder such as {{participantLink}}' : 'Enter an address starting with https://, http:// or mailto:');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    onDone();
  };

  return (
    // Not a <form>: the editor sits inside the post's form, and forms do not nest.
    <div role="group" className="flex flex-wrap items-start gap-2 border-b-2 border-ink bg-paper px-2 py-2" aria-label="Link">
      <div className="min-w-48 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Link address
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="url"
          inputMode="url"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onDone();
              editor.commands.focus();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          placeholder="https://example.com"
          className={controlClasses}
        />
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <button type="button" onClick={apply} className={smallButtonClasses('primary')}>
        Apply link
      </button>
      <button
        type="button"
        onClick={() => {
          onDone();
          editor.commands.focus();
        }}
        className={smallButtonClasses('secondary')}
      >
        Cancel
      </button>
    </div>
  );
}
