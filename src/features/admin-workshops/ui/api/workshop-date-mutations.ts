import type { QueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { ADMIN_WORKSHOP_DATES_KEY } from './get-admin-workshop-dates';

/** After any change to a workshop date: the list, and the dashboard's cards and charts. */
export function refreshAfterWorkshopChange(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_DATES_KEY }), invalidateAdminOverview(queryClient)]).then(
    () => undefined,
  );
}
