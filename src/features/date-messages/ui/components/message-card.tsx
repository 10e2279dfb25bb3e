import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../../client/components/ui/badge';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';

type Props = {
  badge: { tone: BadgeTone; label: string };
  subject: string;
  children?: ReactNode;
  /** Absent: the message can no longer be edited (it went out). */
  onEdit?: () => void;
  onDelete: () => void;
  busy: boolean;
};

/** One planned message (a date's or a default): what it is, when, and Edit and Delete. */
export function MessageCard({ badge, subject, children, onEdit, onDelete, busy }: Props) {
  return (
    <li className="grid gap-1 rounded-brutal border-2 border-ink bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span className="min-w-0 font-bold break-words">{subject}</span>
      </div>
      {children}
      <div className="flex flex-wrap gap-2">
        {onEdit ? (
          <button type="button" className={smallButtonClasses('secondary')} onClick={onEdit} aria-label={`Edit “${subject}”`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
        ) : null}
        <button type="button" className={smallButtonClasses('ghost', 'text-danger')} onClick={onDelete} disabled={busy} aria-label={`Delete “${subject}”`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
    </li>
  );
}
