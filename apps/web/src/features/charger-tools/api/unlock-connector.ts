import { useMutation } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const unlockConnectorPath = '/cms-system/system/charger/v2/unlock';

/** UnlockConnector: the charger stops a transaction on it first, then releases the cable. */
export const unlockConnector = (
  body: Omit<CallBody<typeof unlockConnectorPath>, 'stationId'>,
): Promise<CallData<typeof unlockConnectorPath>> => apiPost(unlockConnectorPath, body);

export function useUnlockConnector() {
  return useMutation({ mutationFn: unlockConnector });
}
