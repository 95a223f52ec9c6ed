import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteList, SiteListQuery } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { getOwnEnterpriseId } from '../../../lib/storage';

export const sitesPath = '/cms-system/system/station/v2/list';

/** Every sites query starts with this key, so one invalidation refreshes lists, the dropdown and details. */
export const sitesQueryKey = ['sites'] as const;
export const siteListQueryKey = [...sitesQueryKey, 'list'] as const;

export type SitesQuery = Pick<SiteListQuery, 'pageNum' | 'pageSize'> & { name?: string };

export const getSites = ({ name, pageNum, pageSize }: SitesQuery): Promise<SiteList> =>
  apiPost(sitesPath, {
    // Spec section 3: the list query names the enterprise; this product has none, so it is usually absent.
    enterpriseId: getOwnEnterpriseId() ?? undefined,
    name: name?.trim() || undefined,
    pageNum,
    pageSize,
  });

/** A page of sites together with the query it answers (a kept previous page may answer an older search). */
export type SitesPage = SiteList & { query: SitesQuery };

export const getSitesQueryOptions = (query: SitesQuery) => {
  const normalized = { ...query, name: query.name?.trim() ?? '' };
  return queryOptions({
    queryKey: [...siteListQueryKey, normalized],
    queryFn: async (): Promise<SitesPage> => ({ ...(await getSites(normalized)), query: normalized }),
    // Typing in a search box or paging keeps the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
};

export type UseSitesOptions = { enabled?: boolean };

export function useSites(query: SitesQuery, { enabled = true }: UseSitesOptions = {}) {
  return useQuery({ ...getSitesQueryOptions(query), enabled });
}
