import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { totpSetupSchema, type TotpSetup } from '../../../admin-auth';

/** POST /api/admin/totp/setup: a new secret, shown once; nothing is on until a code confirms it. */
export async function setupTotp(): Promise<TotpSetup> {
  return readJson(await apiRequest('POST', '/api/admin/totp/setup'), totpSetupSchema);
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
