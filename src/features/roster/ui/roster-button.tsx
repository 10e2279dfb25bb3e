import { ClipboardList } from 'lucide-react';
import { Link } from 'wouter';
import { smallButtonClasses } from '../../../client/components/ui/dialog';

/** The address of a date's roster screen. */
export const rosterPath = (workshopDateId: number) => `/admin/workshops/${workshopDateId}/roster`;

/** The Roster action of a workshop date's row: opens the date's roster screen. */
export function RosterButton({ workshop, className }: { workshop: { id: number; title: string }; className?: string }) {
  return (
    <Link href={rosterPath(workshop.id)} className={smallButtonClasses('secondary', className)} aria-label={`Roster of ${workshop.title}`}>
      <ClipboardList aria-hidden="true" className="size-4" />
      Roster
    </Link>
  );
}
