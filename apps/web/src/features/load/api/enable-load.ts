import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadDetail } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { loadDetailQueryKey, loadQueryKey } from './get-load';

export const enableLoadPath = '/cms-system/system/load/v2/enable';

/** On or off; on with the chargers' minimums over the capacity answers 1503. */
export const enableLoad = (isOpenLoad: 0 | 1): Promise<LoadDetail> => apiPost(enableLoadPath, { isOpenLoad });

export function useEnableLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableLoad,
    onSuccess: (detail) => {
      queryClient.setQueryData(loadDetailQueryKey, detail);
      return queryClient.invalidateQueries({ queryKey: loadQueryKey });
    },
  });
}
