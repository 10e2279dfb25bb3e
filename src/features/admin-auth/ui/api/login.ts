import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { loginResponseSchema, type LoginInput, type LoginResponse, type TotpCodeInput } from '../../admin-auth.schema';

/** POST /api/auth/login2: `requiresTotp` in the answer asks for the authenticator code next. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  return readJson(await apiRequest('POST', '/api/auth/login2', input), loginResponseSchema);
}

/** POST /api/auth/login2/totp: the second step, on the pending session the first step started. */
export async function loginWithCode(input: TotpCodeInput): Promise<LoginResponse> {
  return readJson(await apiRequest('POST', '/api/auth/login2/totp', input), loginResponseSchema);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
