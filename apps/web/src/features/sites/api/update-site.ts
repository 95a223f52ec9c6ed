import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Site, SiteUpdate } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { refreshSelectedSite } from '../lib/selected-site';
import { sitesQueryKey } from './get-sites';

export const updateSitePath = '/cms-system/system/station/v2/update';

export const updateSite = (update: SiteUpdate): Promise<Site> => apiPost(updateSitePath, update);

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSite,
    onSuccess: (site) => {
      // A renamed selected site must show its new name in the top bar at once.
      refreshSelectedSite(site);
      return queryClient.invalidateQueries({ queryKey: sitesQueryKey });
    },
  });
}
