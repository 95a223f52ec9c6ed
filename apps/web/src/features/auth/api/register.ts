import type { AuthResult, RegisterBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { useSubmit } from '../../../lib/use-submit';

export const registerPath = '/cms-system/system/user/v2/register';

export const register = (body: RegisterBody): Promise<AuthResult> =>
  apiPost(registerPath, body, { noSite: true });

/** Creates the account with the code mailed for "register"; the answer is a session, kept at once. */
export function useRegister() {
  return useSubmit({ mutationFn: register, onSuccess: ({ token }) => startSession(token) });
}
