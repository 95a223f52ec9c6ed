import { useMutation } from '@tanstack/react-query';
import type { Card } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { filterOf, type CardListParams } from '../lib/list-params';

export const exportCardsPath = '/cms-system/system/card/v2/export';

/** Every card of the list's filter (all pages), for a CSV file. */
export const exportCards = async (params: CardListParams): Promise<Card[]> =>
  (await apiPost(exportCardsPath, filterOf(params))).list;

export function useExportCards() {
  return useMutation({ mutationFn: exportCards });
}
