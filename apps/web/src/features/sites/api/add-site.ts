import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Site, SiteFields } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { sitesQueryKey } from './get-sites';

export const addSitePath = '/cms-system/system/station/v2/add';

// Spec section 7: adding a site is the one site call without a stationId (there may be no site yet).
export const addSite = (fields: SiteFields): Promise<Site> => apiPost(addSitePath, fields, { noSite: true });

export function useAddSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesQueryKey }),
  });
}
