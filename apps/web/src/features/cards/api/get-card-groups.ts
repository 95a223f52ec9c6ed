import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardGroupList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const cardGroupsPath = '/cms-system/system/cardGroup/v2/list';

export const cardGroupsQueryKey = [...cardsQueryKey, 'groups'] as const;

/** The site's groups, the default one first (the server creates it on first use). */
export const getCardGroups = (): Promise<CardGroupList> => apiPost(cardGroupsPath);

export const getCardGroupsQueryOptions = () =>
  queryOptions({ queryKey: cardGroupsQueryKey, queryFn: getCardGroups });

export function useCardGroups() {
  return useQuery(getCardGroupsQueryOptions());
}
