import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tariff, TariffSave } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { tariffQueryKey } from './get-tariff';

export const saveTariffPath = '/cms-system/system/tariff/v2/save';

/** Saves a new version: sessions that start afterwards use it; those already started keep theirs. */
export const saveTariff = (body: Omit<TariffSave, 'stationId'>): Promise<Tariff> =>
  apiPost(saveTariffPath, body);

export function useSaveTariff(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTariff,
    // The answer is the newest version: the screen shows it without asking again.
    onSuccess: (tariff) => queryClient.setQueryData([...tariffQueryKey, stationId], tariff),
  });
}
