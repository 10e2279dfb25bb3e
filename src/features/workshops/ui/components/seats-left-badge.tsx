import { Badge } from '../../../../client/components/ui/badge';
import type { PublicWorkshopDate } from '../../workshops.schema';
import { useWorkshopDates } from '../api/get-workshop-dates';

/**
 * '{n} SEATS LEFT' (spec §4), 'LOADING...' until the dates are read. n is the given date's own
 * seats (the landing card's featured workshop, issue 18), else the sum over every listed date.
 */
export function SeatsLeftBadge({ date }: { date?: Pick<PublicWorkshopDate, 'seatsRemaining'> }) {
  const { data, isPending, isError } = useWorkshopDates();
  if (isError) return null;
  const seats = date ? date.seatsRemaining : (data?.reduce((sum, each) => sum + each.seatsRemaining, 0) ?? 0);
  return (
    <span aria-live="polite">
      <Badge tone="ink">{isPending ? 'LOADING...' : `${seats} SEATS LEFT`}</Badge>
    </span>
  );
}
