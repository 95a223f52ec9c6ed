import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadCapacitySave, LoadDetail } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { loadDetailQueryKey, loadQueryKey } from './get-load';

export const saveLoadCapacityPath = '/cms-system/system/load/v2/capacity/save';

export type LoadCapacity = Omit<LoadCapacitySave, 'stationId'>;

/** The site's phase count and capacities (the site's own fields), allocated again at once. */
export const saveLoadCapacity = (capacity: LoadCapacity): Promise<LoadDetail> =>
  apiPost(saveLoadCapacityPath, capacity);

export function useSaveLoadCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLoadCapacity,
    onSuccess: (detail) => {
      queryClient.setQueryData(loadDetailQueryKey, detail);
      return queryClient.invalidateQueries({ queryKey: loadQueryKey });
    },
  });
}
