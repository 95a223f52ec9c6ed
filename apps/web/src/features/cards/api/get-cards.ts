import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CardList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { filterOf, type CardListParams } from '../lib/list-params';

export const cardsPath = '/cms-system/system/card/v2/list';

/**
 * Every query of the feature starts with this key. A card change moves group counts and a group change renames
 * cards' groups, so every mutation invalidates it whole.
 */
export const cardsQueryKey = ['cards'] as const;
export const cardListQueryKey = [...cardsQueryKey, 'list'] as const;

export const getCards = (params: CardListParams): Promise<CardList> =>
  apiPost(cardsPath, { ...filterOf(params), pageNum: params.pageNum, pageSize: params.pageSize });

export const getCardsQueryOptions = (params: CardListParams) => {
  const normalized = { ...params, keyword: params.keyword.trim() };
  return queryOptions({
    queryKey: [...cardListQueryKey, normalized],
    queryFn: () => getCards(normalized),
    // Searching or paging keeps the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
};

export function useCards(params: CardListParams) {
  return useQuery(getCardsQueryOptions(params));
}
