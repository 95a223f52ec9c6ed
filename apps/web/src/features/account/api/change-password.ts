import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const changePasswordPath = '/cms-system/system/user/v2/pwd/update';

/** A wrong current password is answered 4129; every other session of the account ends, this one stays. */
export const changePassword = (body: ChangePasswordBody): Promise<null> =>
  apiPost(changePasswordPath, body, { noSite: true });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
