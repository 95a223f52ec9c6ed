import { useMutation } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const extendedTriggerMessagePath = '/cms-system/system/charger/v2/extended-trigger';

/** ExtendedTriggerMessage (security whitepaper): the charger answers, then sends the message asked for. */
export const extendedTriggerMessage = (
  body: Omit<CallBody<typeof extendedTriggerMessagePath>, 'stationId'>,
): Promise<CallData<typeof extendedTriggerMessagePath>> => apiPost(extendedTriggerMessagePath, body);

export function useExtendedTriggerMessage() {
  return useMutation({ mutationFn: extendedTriggerMessage });
}
