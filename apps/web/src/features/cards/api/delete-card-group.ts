import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardGroupDelete } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const deleteCardGroupPath = '/cms-system/system/cardGroup/v2/delete';

/** Deletes a group; its cards go to `moveCardsTo` (1039 when it has cards and none is named, or is the default). */
export const deleteCardGroup = (body: Omit<CardGroupDelete, 'stationId'>): Promise<null> =>
  apiPost(deleteCardGroupPath, body);

export function useDeleteCardGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCardGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
