import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { clearToken } from '../../../lib/storage';

export const deleteAccountPath = '/cms-system/system/user/v2/delete';

/** Irreversible: the account and everything that belongs to it. */
export const deleteAccount = (): Promise<null> => apiPost(deleteAccountPath, {}, { noSite: true });

/**
 * Deletes the account and drops its session token. The query cache is left as it is: emptied while the account
 * screen is still shown, its user query would be fetched again without a session (a stray "log in again"); the
 * next login empties it before anything is shown.
 */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, onSuccess: clearToken });
}
