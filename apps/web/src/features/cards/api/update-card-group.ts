import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardGroup, CardGroupUpdate } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const updateCardGroupPath = '/cms-system/system/cardGroup/v2/update';

/** Renames a group, changes its multiplier, or makes it the site's default group. */
export const updateCardGroup = (body: Omit<CardGroupUpdate, 'stationId'>): Promise<CardGroup> =>
  apiPost(updateCardGroupPath, body);

export function useUpdateCardGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCardGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
