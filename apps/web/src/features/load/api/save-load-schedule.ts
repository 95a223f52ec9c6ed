import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadBand, LoadDetail } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { loadDetailQueryKey, loadQueryKey } from './get-load';

export const saveLoadSchedulePath = '/cms-system/system/load/v2/schedule/save';

/** The whole capacity schedule, replacing the one stored. */
export const saveLoadSchedule = (bands: LoadBand[]): Promise<LoadDetail> =>
  apiPost(saveLoadSchedulePath, { bands });

export function useSaveLoadSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLoadSchedule,
    onSuccess: (detail) => {
      queryClient.setQueryData(loadDetailQueryKey, detail);
      return queryClient.invalidateQueries({ queryKey: loadQueryKey });
    },
  });
}
