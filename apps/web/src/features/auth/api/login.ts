import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, LoginBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { setToken } from '../../../lib/storage';

export const loginPath = '/cms-system/system/user/v2/login';

export const login = (body: LoginBody): Promise<AuthResult> =>
  apiPost<AuthResult>(loginPath, body, { noSite: true });

/** Logs in and keeps the session token. A wrong e-mail or password (4122) is shown by the api-client. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token }) => {
      // Whatever an earlier (expired) session left in the cache belongs to someone else, maybe.
      queryClient.clear();
      setToken(token);
    },
  });
}
