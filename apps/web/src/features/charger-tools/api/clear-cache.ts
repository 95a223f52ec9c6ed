import { useMutation } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const clearCachePath = '/cms-system/system/charger/v2/cache/clear';

/** ClearCache: empties the charger's authorization cache. */
export const clearCache = (
  body: Omit<CallBody<typeof clearCachePath>, 'stationId'>,
): Promise<CallData<typeof clearCachePath>> => apiPost(clearCachePath, body);

export function useClearCache() {
  return useMutation({ mutationFn: clearCache });
}
