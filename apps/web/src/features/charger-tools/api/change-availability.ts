import { useMutation } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const changeAvailabilityPath = '/cms-system/system/charger/v2/availability';

/** ChangeAvailability: a connector, or the whole charger (0), operative or inoperative; answers the charger's status. */
export const changeAvailability = (
  body: Omit<CallBody<typeof changeAvailabilityPath>, 'stationId'>,
): Promise<CallData<typeof changeAvailabilityPath>> => apiPost(changeAvailabilityPath, body);

export function useChangeAvailability() {
  return useMutation({ mutationFn: changeAvailability });
}
