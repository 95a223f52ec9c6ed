import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargerConfiguration } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const configurationPath = '/cms-system/system/charger/v2/configuration/read';

export const configurationQueryKey = (chargerId: number, keys: string[]) =>
  ['charger-tools', 'configuration', chargerId, keys] as const;

export const getConfiguration = (chargerId: number, keys: string[]): Promise<ChargerConfiguration> =>
  apiPost(configurationPath, { chargerId, ...(keys.length > 0 && { keys }) });

export const getConfigurationQueryOptions = (chargerId: number, keys: string[]) =>
  queryOptions({
    queryKey: configurationQueryKey(chargerId, keys),
    queryFn: () => getConfiguration(chargerId, keys),
    // Read from the charger when asked, not on every focus: each read is a GetConfiguration to it.
    staleTime: Infinity,
    retry: false,
  });

/** GetConfiguration, sent when `enabled` (the operator pressed "Read"). */
export function useConfiguration(chargerId: number, keys: string[], enabled: boolean) {
  return useQuery({ ...getConfigurationQueryOptions(chargerId, keys), enabled });
}
