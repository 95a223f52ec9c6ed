import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardIds } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const recycleCardsPath = '/cms-system/system/card/v2/recycle';

/** Recycled cards can no longer start a charge (Blocked at the charger); their sessions keep pointing at them. */
export const recycleCards = (body: Omit<CardIds, 'stationId'>): Promise<null> =>
  apiPost(recycleCardsPath, body);

export function useRecycleCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recycleCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
