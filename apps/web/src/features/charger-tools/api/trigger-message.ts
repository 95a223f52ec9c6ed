import { useMutation } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const triggerMessagePath = '/cms-system/system/charger/v2/trigger';

/** TriggerMessage: the charger answers, then sends the message asked for. */
export const triggerMessage = (
  body: Omit<CallBody<typeof triggerMessagePath>, 'stationId'>,
): Promise<CallData<typeof triggerMessagePath>> => apiPost(triggerMessagePath, body);

export function useTriggerMessage() {
  return useMutation({ mutationFn: triggerMessage });
}
