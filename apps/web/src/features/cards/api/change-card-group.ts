import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardChangeGroup } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const changeCardGroupPath = '/cms-system/system/card/v2/group/change';

/** Moves cards to another group of the site. */
export const changeCardGroup = (body: Omit<CardChangeGroup, 'stationId'>): Promise<null> =>
  apiPost(changeCardGroupPath, body);

export function useChangeCardGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCardGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}
