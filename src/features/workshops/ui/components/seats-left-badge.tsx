import { Badge } from '../../../../client/components/ui/badge';
import type { PublicWorkshopDate } from '../../workshops.schema';
import { featuredDate, useWorkshopDates } from '../api/get-workshop-dates';

/**
 * '{n} SEATS LEFT', 'LOADING...' until the dates are read. n is one date's own seats: the given
 * date, else the featured one, whose price the page shows beside it. A sum over every date told a
 * visitor of seats their date did not have.
 */
export function SeatsLeftBadge({ date }: { date?: Pick<PublicWorkshopDate, 'seatsRemaining'> }) {
  const { data, isPending, isError } = useWorkshopDates();
  if (isError) return null;
  const seats = (date ?? featuredDate(data))?.seatsRemaining ?? 0;
  return (
    <span aria-live="polite">
      <Badge tone="ink">{isPending ? 'LOADING...' : `${seats} SEATS LEFT`}</Badge>
    </span>
  );
}
