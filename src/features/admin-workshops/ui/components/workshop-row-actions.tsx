import { ListOrdered, Pencil, Power, Star, StarOff, Trash2 } from 'lucide-react';
import { DateChangeActions, type DateChangeHandlers } from './date-change-actions';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { DateMessagesButton } from '../../../date-messages/ui';
import { RosterButton } from '../../../roster/ui';
import type { AdminWorkshopDate } from '../../admin-workshops.schema';
import { waitlistButtonLabel } from '../waitlist/waitlist-texts';

type WorkshopRowActionsProps = {
  workshop: AdminWorkshopDate;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onToggleFeatured: () => void;
  onDelete: () => void;
  /** Opens the date's waiting list; the button hands itself over to get the focus back. */
  onWaitlist: (from: HTMLButtonElement) => void;
  /** Call off, duplicate, repeat weekly (docs/decisions/022-dates-that-change.md). */
  dateChanges: DateChangeHandlers;
};

/** Edit, Activate/Deactivate, Feature/Unfeature and Delete for one row, and its waiting list under them. */
export function WorkshopRowActions({ workshop, busy, onEdit, onToggleActive, onToggleFeatured, onDelete, onWaitlist, dateChanges }: WorkshopRowActionsProps) {
  return (
    // Two by two: the whole row, actions included, fits a laptop screen without sideways scrolling.
    <div className="grid grid-cols-2 gap-1.5">
      <button type="button" className={smallButtonClasses('secondary')} onClick={onEdit} disabled={busy}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </button>
      <button type="button" className={smallButtonClasses('secondary')} onClick={onToggleActive} disabled={busy}>
        <Power aria-hidden="true" className="size-4" />
        {workshop.isActive ? 'Deactivate' : 'Activate'}
      </button>
      <button type="button" className={smallButtonClasses('secondary')} onClick={onToggleFeatured} disabled={busy}>
        {workshop.isFeatured ? <StarOff aria-hidden="true" className="size-4" /> : <Star aria-hidden="true" className="size-4" />}
        {workshop.isFeatured ? 'Unfeature' : 'Feature'}
      </button>
      <button type="button" className={smallButtonClasses('ghost', 'text-danger')} onClick={onDelete} disabled={busy}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </button>
      {/* Across both columns; it stands out while anyone waits, so a booked-out date with a queue is seen at a glance. */}
      <button
        type="button"
        className={smallButtonClasses(workshop.waitlistCount > 0 ? 'primary' : 'ghost', 'col-span-2')}
        onClick={(event) => onWaitlist(event.currentTarget)}
        aria-label={`${waitlistButtonLabel(workshop.waitlistCount)} of ${workshop.title}`}
      >
        <ListOrdered aria-hidden="true" className="size-4" />
        {waitlistButtonLabel(workshop.waitlistCount)}
      </button>
      <DateMessagesButton workshop={workshop} className="col-span-2" />
      <DateChangeActions workshop={workshop} busy={busy} {...dateChanges} />
      <RosterButton workshop={workshop} className="col-span-2" />
    </div>
  );
}
