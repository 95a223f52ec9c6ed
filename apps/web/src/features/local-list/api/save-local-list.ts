import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocalList, LocalListSave } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { localListQueryKey } from './get-local-list';

export const saveLocalListPath = '/cms-system/system/local-list/v2/save';

/** Switches the site's local list on (chargers get LocalAuthListEnabled and the cards) or off (emptied). */
export const saveLocalList = (body: Omit<LocalListSave, 'stationId'>): Promise<LocalList> =>
  apiPost(saveLocalListPath, body);

export function useSaveLocalList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocalList,
    onSuccess: (data) => queryClient.setQueryData(localListQueryKey, data),
  });
}
