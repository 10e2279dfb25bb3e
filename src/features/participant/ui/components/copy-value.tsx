import { Copy } from 'lucide-react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { toast } from '../../../../client/components/ui/toast-store';
import { COPY_FAILED } from '../../participant.schema';

/** Copies a meeting detail; the toast says whether it worked. */
export async function copyToClipboard(label: string, value: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(value);
    toast({ title: 'Copied', description: `${label} copied to clipboard` });
  } catch {
    toast({ title: COPY_FAILED, description: 'Select the text and copy it by hand.', variant: 'destructive' });
  }
}

/** One meeting detail: its name, the value (selectable, wraps on a phone) and a copy button. */
export function CopyValue({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <dt className="shrink-0 text-sm font-bold sm:w-32">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-2">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 break-all font-semibold underline underline-offset-2">
            {value}
          </a>
        ) : (
          <span className="min-w-0 flex-1 break-all font-mono font-semibold">{value}</span>
        )}
        <button type="button" className={smallButtonClasses('secondary', 'shrink-0')} onClick={() => void copyToClipboard(label, value)} aria-label={`Copy ${label.toLowerCase()}`}>
          <Copy aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Copy</span>
        </button>
      </dd>
    </div>
  );
}
