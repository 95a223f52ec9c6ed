import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const changeConfigurationPath = '/cms-system/system/charger/v2/configuration/change';

/** ChangeConfiguration of one key; answers Accepted, RebootRequired, Rejected or NotSupported. */
export const changeConfiguration = (
  body: Omit<CallBody<typeof changeConfigurationPath>, 'stationId'>,
): Promise<CallData<typeof changeConfigurationPath>> => apiPost(changeConfigurationPath, body);

export function useChangeConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConfiguration,
    // The table reads the charger again, showing the value it now reports.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['charger-tools', 'configuration'] }),
  });
}
