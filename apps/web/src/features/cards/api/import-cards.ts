import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardImport, CardImportResult } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { cardsQueryKey } from './get-cards';

export const importCardsPath = '/cms-system/system/card/v2/import';

/** All or nothing: a dry run only checks the rows; a real run imports every row, or none when any row is wrong. */
export const importCards = (body: Omit<CardImport, 'stationId'>): Promise<CardImportResult> =>
  apiPost(importCardsPath, body);

export function useImportCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCards,
    onSuccess: (result) =>
      result.imported > 0 ? queryClient.invalidateQueries({ queryKey: cardsQueryKey }) : undefined,
  });
}
