import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Dialog, smallButtonClasses, openWhile } from '../../../../client/components/ui/dialog';
import { controlClasses } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { cx } from '../../../../client/components/ui/cx';

/** The exported addresses, comma separated, ready to paste into a mail client's To or Bcc. */
export function ExportedEmailsDialog({ emails, onClose }: { emails: string[] | null; onClose: () => void }) {
  const textareaId = useId();
  const text = emails?.join(', ') ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'Email addresses copied to clipboard' });
    } catch {
      toast({ title: 'Error', description: 'Failed to copy to clipboard', variant: 'destructive' });
    }
  };
  const count = emails?.length ?? 0;
  return (
    <Dialog
      {...openWhile(emails, onClose)}
      title="Exported Emails"
      description={`${count} unique email ${count === 1 ? 'address' : 'addresses'}`}
      footer={
        <>
          <button type="button" className={smallButtonClasses('secondary')} onClick={onClose}>
            Done
          </button>
          <button type="button" className={smallButtonClasses('primary')} onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            Copy to Clipboard
          </button>
        </>
      }
    >
      <label htmlFor={textareaId} className="mb-1.5 block text-sm font-bold">
        Email addresses
      </label>
      <textarea
        id={textareaId}
        readOnly
        value={text}
        rows={8}
        className={cx(controlClasses, 'min-h-40 resize-y font-mono text-sm')}
        onFocus={(event) => event.currentTarget.select()}
      />
    </Dialog>
  );
}
