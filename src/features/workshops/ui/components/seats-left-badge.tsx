import { Badge } from '../../../../client/components/ui/badge';
import { useWorkshopDates } from '../api/get-workshop-dates';

/** '{n} SEATS LEFT' where n is the sum over every listed date (spec §4); 'LOADING...' until then. */
export function SeatsLeftBadge() {
  const { data, isPending, isError } = useWorkshopDates();
  if (isError) return null;
  const seats = data?.reduce((sum, date) => sum + date.seatsRemaining, 0) ?? 0;
  return (
    <span aria-live="polite">
      <Badge tone="ink">{isPending ? 'LOADING...' : `${seats} SEATS LEFT`}</Badge>
    </span>
  );
}
