import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardIds } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const restoreCardsPath = '/cms-system/system/card/v2/restore';

/** Recycled cards become active again. */
export const restoreCards = (body: Omit<CardIds, 'stationId'>): Promise<null> =>
  apiPost(restoreCardsPath, body);

export function useRestoreCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
