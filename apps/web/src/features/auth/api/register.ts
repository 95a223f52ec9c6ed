import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, RegisterBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { setToken } from '../../../lib/storage';

export const registerPath = '/cms-system/system/user/v2/register';

export const register = (body: RegisterBody): Promise<AuthResult> =>
  apiPost<AuthResult>(registerPath, body, { noSite: true });

/** Creates the account with the code mailed for "register"; the answer is a session, kept at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token }) => {
      queryClient.clear();
      setToken(token);
    },
  });
}
