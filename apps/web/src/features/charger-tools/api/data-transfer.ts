import { useMutation } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const dataTransferPath = '/cms-system/system/charger/v2/data-transfer';

/** DataTransfer to the charger for a vendor id the operator names; its answer comes back raw. */
export const dataTransfer = (
  body: Omit<CallBody<typeof dataTransferPath>, 'stationId'>,
): Promise<CallData<typeof dataTransferPath>> => apiPost(dataTransferPath, body);

export function useDataTransfer() {
  return useMutation({ mutationFn: dataTransfer });
}
