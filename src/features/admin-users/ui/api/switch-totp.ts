import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { totpChangeSchema, type TotpCodeInput } from '../../../admin-auth';
import { ADMIN_USERS_KEY } from './admin-users-resource';
import { TOTP_STATUS_KEY } from './get-totp-status';

/**
 * POST /api/admin/totp/enable or /disable {code}: turning two-step sign-in on proves the app
 * holds the secret; turning it off needs a current code too. The admin list shows the change.
 */
export function useSwitchTotp(turn: 'enable' | 'disable') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TotpCodeInput) => readJson(await apiRequest('POST', `/api/admin/totp/${turn}`, input), totpChangeSchema),
    onSuccess: async () => {
      queryClient.setQueryData(TOTP_STATUS_KEY, { enabled: turn === 'enable' });
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    },
  });
}
