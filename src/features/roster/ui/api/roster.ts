import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet, apiRequest, readJson } from '../../../../client/lib/api-client';
import { markAllResultSchema, rosterSchema, type Roster } from '../../roster.schema';

const rosterPath = (workshopDateId: number) => `/api/admin/workshop-dates/${workshopDateId}/roster`;

/** The roster.csv download: a plain link, the admin's session cookie goes with it. */
export const rosterCsvUrl = (workshopDateId: number) => `${rosterPath(workshopDateId)}.csv`;

const rosterKey = (workshopDateId: number) => [rosterPath(workshopDateId)] as const;

/** GET …/roster, read again every 30 s while open: people join through their links during the workshop. */
export const rosterQuery = (workshopDateId: number) =>
  queryOptions({
    queryKey: rosterKey(workshopDateId),
    queryFn: () => apiGet(rosterPath(workshopDateId), rosterSchema),
    ...adminQueryDefaults(0),
    refetchInterval: 30_000,
  });

export const useRoster = (workshopDateId: number) => useQuery(rosterQuery(workshopDateId));

type Check = { bookingId: number; hasAttended: boolean };

/** The roster with some seats' attendance set as asked. */
const withAttendance = (roster: Roster | undefined, present: (bookingId: number, was: boolean) => boolean): Roster | undefined =>
  roster && { ...roster, attendees: roster.attendees.map((seat) => ({ ...seat, hasAttended: present(seat.bookingId, seat.hasAttended) })) };

/**
 * A check-in shows at once (the box follows the click), then the roster is read again; a refusal
 * puts the box back as it was.
 */
function useRosterWrite<Input, Result>(workshopDateId: number, write: (input: Input) => Promise<Result>, optimistic: (input: Input) => (bookingId: number, was: boolean) => boolean) {
  const queryClient = useQueryClient();
  const key = rosterKey(workshopDateId);
  return useMutation({
    mutationFn: write,
    onMutate: async (input: Input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Roster>(key);
      queryClient.setQueryData<Roster>(key, withAttendance(before, optimistic(input)));
      return { before };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** PUT …/roster/{bookingId}/attendance. */
export const useCheckIn = (workshopDateId: number) =>
  useRosterWrite(
    workshopDateId,
    async ({ bookingId, hasAttended }: Check) => apiRequest('PUT', `${rosterPath(workshopDateId)}/${bookingId}/attendance`, { hasAttended }),
    ({ bookingId, hasAttended }) =>
      (id, was) => (id === bookingId ? hasAttended : was),
  );

/** POST …/roster/attendance: every live seat present. */
export const useMarkAllPresent = (workshopDateId: number) =>
  useRosterWrite(
    workshopDateId,
    async () => readJson(await apiRequest('POST', `${rosterPath(workshopDateId)}/attendance`, { hasAttended: true }), markAllResultSchema),
    () => () => true,
  );
