import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { totpChangeSchema, type TotpCodeInput } from '../../../admin-auth';
import { ADMIN_USERS_KEY } from './admin-users-resource';
import { TOTP_STATUS_KEY } from './get-totp-status';

/** POST /api/admin/totp/disable {code}: turning it off needs a current code too. */
export async function disableTotp(input: TotpCodeInput) {
  return readJson(await apiRequest('POST', '/api/admin/totp/disable', input), totpChangeSchema);
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: async () => {
      queryClient.setQueryData(TOTP_STATUS_KEY, { enabled: false });
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    },
  });
}
