import { toast } from '../../../client/components/ui/toast-store';

/** Copies a value the organiser pastes elsewhere; the toast says whether it worked. */
export async function copyText(label: string, value: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(value);
    toast({ title: 'Copied', description: `${label} copied to the clipboard.` });
  } catch {
    toast({ title: 'Could not copy', description: 'Select the text and copy it by hand.', variant: 'destructive' });
  }
}
