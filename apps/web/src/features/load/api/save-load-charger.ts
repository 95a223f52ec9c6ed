import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadChargerSave, LoadDetail } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { loadDetailQueryKey, loadQueryKey } from './get-load';

export const saveLoadChargerPath = '/cms-system/system/load/v2/charger/save';

/** A charger's phase count, wiring, minimum and maximum current. */
export const saveLoadCharger = (body: Omit<LoadChargerSave, 'stationId'>): Promise<LoadDetail> =>
  apiPost(saveLoadChargerPath, body);

export function useSaveLoadCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLoadCharger,
    onSuccess: (detail) => {
      queryClient.setQueryData(loadDetailQueryKey, detail);
      return queryClient.invalidateQueries({ queryKey: loadQueryKey });
    },
  });
}
