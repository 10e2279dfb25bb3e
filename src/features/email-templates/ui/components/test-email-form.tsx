import { Plus, Send, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../../client/components/ui/button';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { EMAIL_TEMPLATE_DEFINITIONS, type EmailTemplateType } from '../../email-template-types';
import { classifyTestEmailError } from '../../test-email-error';
import { useSendTestEmail } from '../api/send-test-email';
import { serverMessage } from './server-message';
import { TemplateTypeSelect } from './template-type-select';

type Replacement = { key: string; value: string };

/**
 * Send Test Email: template type, recipient (an email input), key-value replacements
 * for the {{key}} placeholders ('No replacements added yet'; adding needs a key), and Send Test
 * Email (disabled while busy or with no recipient). Errors are classified as spec §8 says.
 */
export function TestEmailForm({ type, onTypeChange }: { type: EmailTemplateType; onTypeChange: (type: EmailTemplateType) => void }) {
  const id = useId();
  const send = useSendTestEmail();
  const [recipient, setRecipient] = useState('');
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const [replacements, setReplacements] = useState<Replacement[]>([]);

  const addReplacement = () => {
    const key = newKey.trim();
    if (!key) return;
    // A key added twice keeps its latest value.
    setReplacements((list) => [...list.filter((entry) => entry.key !== key), { key, value: newValue }]);
    setNewKey('');
    setNewValue('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const email = recipient.trim();
    if (!email || send.isPending) return;
    send.mutate(
      { templateType: type, email, replacements: Object.fromEntries(replacements.map((entry) => [entry.key, entry.value])) },
      {
        onSuccess: () => toast({ title: 'Email sent', description: `Email sent to ${email}` }),
        onError: (error) => toast({ ...classifyTestEmailError(serverMessage(error)), variant: 'destructive' }),
      },
    );
  };

  const keys = EMAIL_TEMPLATE_DEFINITIONS[type].keys;
  // Enter in the key or the value adds the pair (instead of sending the form).
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addReplacement();
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Send test email" noValidate>
      <TemplateTypeSelect id={`${id}-type`} label="Template Type" value={type} onChange={onTypeChange} />

      <TextField
        id={`${id}-recipient`}
        label="Recipient Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={recipient}
        onChange={(event) => setRecipient(event.target.value)}
      />

      <fieldset className="rounded-brutal border-2 border-ink bg-white px-4 py-3">
        <legend className="px-1 text-sm font-bold">Replacements</legend>
        <p className="text-sm text-ink-soft">
          Values for the {'{{key}}'} placeholders; the others keep sample values. Keys for {type}: {keys.map((entry) => entry.key).join(', ')}.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <TextField id={`${id}-key`} label="Key" placeholder="firstName" value={newKey} onChange={(event) => setNewKey(event.target.value)} onKeyDown={addOnEnter} />
          <TextField id={`${id}-value`} label="Value" placeholder="Ada" value={newValue} onChange={(event) => setNewValue(event.target.value)} onKeyDown={addOnEnter} />
          <button type="button" className={smallButtonClasses('secondary')} disabled={!newKey.trim()} onClick={addReplacement}>
            <Plus aria-hidden="true" className="size-4" />
            Add
          </button>
        </div>
        {replacements.length === 0 ? (
          <p className="mt-3 text-sm text-ink-soft">No replacements added yet</p>
        ) : (
          <ul className="mt-3 divide-y divide-paper-deep" aria-label="Replacements">
            {replacements.map((entry) => (
              <li key={entry.key} className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
                <span className="min-w-0 break-all">
                  <code className="rounded bg-paper-deep px-1.5 py-0.5 font-mono">{`{{${entry.key}}}`}</code> → {entry.value || <em>(empty)</em>}
                </span>
                <button
                  type="button"
                  className={smallButtonClasses('ghost')}
                  aria-label={`Remove ${entry.key}`}
                  onClick={() => setReplacements((list) => list.filter((other) => other.key !== entry.key))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <Button type="submit" disabled={send.isPending || !recipient.trim()}>
        <Send aria-hidden="true" className="size-4" />
        {send.isPending ? 'Sending...' : 'Send Test Email'}
      </Button>
    </form>
  );
}
