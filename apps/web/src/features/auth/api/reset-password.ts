import type { ResetPasswordBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';

export const resetPasswordPath = '/cms-system/system/user/v2/pwd/reset';

/** Sets a new password with the code mailed for "forgot"; the server ends every session of the account. */
export const resetPassword = (body: ResetPasswordBody): Promise<null> =>
  apiPost(resetPasswordPath, body, { noSite: true });

export function useResetPassword() {
  return useSubmit({ mutationFn: resetPassword });
}
