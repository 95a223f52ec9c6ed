import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, UserInfo } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

export const updateUserPath = '/cms-system/system/user/v2/update';

/** Profile fields, the picture, or (with the code mailed to it) a new e-mail; answers the account as it now is. */
export const updateUser = (body: UpdateUserBody): Promise<UserInfo> =>
  apiPost(updateUserPath, body, { noSite: true });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      // The top bar shows the new name, e-mail and picture at once; the refetch keeps the cache honest.
      queryClient.setQueryData(userInfoQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    },
  });
}
