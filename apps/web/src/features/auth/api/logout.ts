import { useNavigate } from 'react-router';
import { apiPost } from '../../../lib/api-client';
import { clearToken } from '../../../lib/storage';
import { useSubmit } from '../../../lib/use-submit';

export const logoutPath = '/cms-system/system/user/v2/logOut';

export const logout = (): Promise<null> => apiPost(logoutPath, undefined, { noSite: true });

/**
 * Logs out, then leaves for /login whatever the call answered: a failed logout must not keep the user in. The
 * query cache is not emptied here: emptied while the layout is still shown, its user query would be fetched again
 * without a session and answer "your session has ended". The next login (or registration) empties it first.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useSubmit({
    mutationFn: logout,
    onSettled: () => {
      clearToken();
      void navigate('/login', { replace: true });
    },
  });
}
