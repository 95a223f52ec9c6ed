import type { AuthResult, LoginBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { useSubmit } from '../../../lib/use-submit';

export const loginPath = '/cms-system/system/user/v2/login';

export const login = (body: LoginBody): Promise<AuthResult> => apiPost(loginPath, body, { noSite: true });

/** Logs in and keeps the session token. A wrong e-mail or password (4122) is shown by the api-client. */
export function useLogin() {
  // Whatever an earlier (expired) session left in the query cache belongs to someone else, maybe: emptied first.
  return useSubmit({ mutationFn: login, onSuccess: ({ token }) => startSession(token) });
}
