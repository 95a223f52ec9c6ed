import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, CardUpdate } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const updateCardPath = '/cms-system/system/card/v2/update';

/** Changes the fields given; a card ID already used by another card of the site answers 11001. */
export const updateCard = (body: Omit<CardUpdate, 'stationId'>): Promise<Card> =>
  apiPost(updateCardPath, body);

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
