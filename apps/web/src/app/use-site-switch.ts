import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getUserInfoQueryOptions, userInfoQueryKey } from '../features/account/api/get-user-info';
import { storeSelectedSite } from '../features/sites/lib/selected-site';
import type { StoredSite } from '../lib/storage';

export type SiteSwitchOptions = {
  /** Spec section 4 reloads the page after a switch; the select-site and add-site screens navigate instead. */
  reload?: boolean;
};

/**
 * Spec section 4, site switching, where the two features meet: the site is stored and remembered for the signed-in
 * e-mail (account feature), the user info is refetched, then the page reloads on the new site.
 */
export function useSiteSwitch() {
  const queryClient = useQueryClient();
  return useCallback(
    async (site: StoredSite, { reload = true }: SiteSwitchOptions = {}) => {
      // Without the e-mail the site is still selected, only not remembered (the failed call was already shown).
      const email = await queryClient.ensureQueryData(getUserInfoQueryOptions()).then(
        (user) => user.email,
        () => null,
      );
      storeSelectedSite(site, email);
      await queryClient.refetchQueries({ queryKey: userInfoQueryKey }).catch(() => undefined);
      if (reload) window.location.reload();
    },
    [queryClient],
  );
}
