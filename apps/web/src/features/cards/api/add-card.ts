import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, CardAdd } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const addCardPath = '/cms-system/system/card/v2/add';

/** A card ID already used in the site answers 11001. */
export const addCard = (body: Omit<CardAdd, 'stationId'>): Promise<Card> => apiPost(addCardPath, body);

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
