import { Copy } from 'lucide-react';
import { Dialog, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { ErrorState, TableSkeleton } from '../../../../client/components/ui/data-table';
import { toast } from '../../../../client/components/ui/toast-store';
import type { AdminAnnouncement } from '../../admin-content.schema';
import { useAnnouncementInterest } from '../api/get-announcement-interest';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who asked to hear more about one announcement, newest first, with a copy-all button. */
export function InterestDialog({ announcement, onClose }: { announcement: AdminAnnouncement | null; onClose: () => void }) {
  const interest = useAnnouncementInterest(announcement?.id ?? null);
  const entries = interest.data ?? [];

  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(entries.map((entry) => entry.email).join(', '));
      toast({ title: 'Copied', description: 'Email addresses copied to clipboard' });
    } catch {
      toast({ title: 'Failed to copy to clipboard', variant: 'destructive' });
    }
  };

  let body;
  if (interest.isPending) body = <TableSkeleton rows={3} />;
  else if (interest.isError) body = <ErrorState message="Failed to load the interest list." onRetry={() => void interest.refetch()} />;
  else if (entries.length === 0) body = <p className="text-ink-soft">Nobody has registered interest yet.</p>;
  else
    body = (
      <ul aria-label="Interested e-mail addresses" className="divide-y divide-paper-deep rounded-brutal border-2 border-ink bg-white">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
            <span className="font-semibold break-all">{entry.email}</span>
            <time dateTime={entry.createdAt} className="text-xs text-ink-soft">
              {dateFormat.format(new Date(entry.createdAt))}
            </time>
          </li>
        ))}
      </ul>
    );

  return (
    <Dialog
      open={announcement !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={announcement ? `Interest in ${announcement.title}` : 'Interest'}
      description={entries.length ? `${entries.length} ${entries.length === 1 ? 'address' : 'addresses'}, newest first.` : undefined}
      footer={
        <>
          <button type="button" className={smallButtonClasses('secondary')} disabled={entries.length === 0} onClick={() => void copyAll()}>
            <Copy aria-hidden="true" className="size-4" />
            Copy all
          </button>
          <button type="button" className={smallButtonClasses('primary')} onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
