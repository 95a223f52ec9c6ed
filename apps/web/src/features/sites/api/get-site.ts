import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Site } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { sitesQueryKey } from './get-sites';

export const sitePath = '/cms-system/system/station/v2/detail';

/** The site is named by its own id as stationId, whatever site is selected. */
export const getSite = (id: number): Promise<Site> => apiPost(sitePath, { stationId: id });

export const getSiteQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...sitesQueryKey, 'detail', id], queryFn: () => getSite(id) });

export type UseSiteOptions = { enabled?: boolean };

export function useSite(id: number, { enabled = true }: UseSiteOptions = {}) {
  return useQuery({ ...getSiteQueryOptions(id), enabled });
}
