import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { totpChangeSchema, type TotpCodeInput } from '../../../admin-auth';
import { ADMIN_USERS_KEY } from './admin-users-resource';
import { TOTP_STATUS_KEY } from './get-totp-status';

/** POST /api/admin/totp/enable {code}: the app's code proves it holds the secret. */
export async function enableTotp(input: TotpCodeInput) {
  return readJson(await apiRequest('POST', '/api/admin/totp/enable', input), totpChangeSchema);
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: async () => {
      queryClient.setQueryData(TOTP_STATUS_KEY, { enabled: true });
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    },
  });
}
