import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardGroup, CardGroupAdd } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const addCardGroupPath = '/cms-system/system/cardGroup/v2/add';

/** Adds a group; another group of the site with the same name answers 1039. */
export const addCardGroup = (body: Omit<CardGroupAdd, 'stationId'>): Promise<CardGroup> =>
  apiPost(addCardGroupPath, body);

export function useAddCardGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCardGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
