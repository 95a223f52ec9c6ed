import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirmwareAdd, FirmwareVersion } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const firmwareListPath = '/cms-system/system/charger/v2/firmware/list';
export const firmwareAddPath = '/cms-system/system/charger/v2/firmware/add';

export const firmwareQueryKey = ['firmware'] as const;

export const getFirmwareCatalogue = (): Promise<FirmwareVersion[]> => apiPost(firmwareListPath, {});

export const firmwareCatalogueQueryOptions = () =>
  queryOptions({ queryKey: firmwareQueryKey, queryFn: getFirmwareCatalogue });

export function useFirmwareCatalogue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...firmwareCatalogueQueryOptions(), enabled });
}

/** Adds a version to the account's catalogue; the chargers of that model are then offered it. */
export function useAddFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<FirmwareAdd, 'stationId'>): Promise<FirmwareVersion> =>
      apiPost(firmwareAddPath, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: firmwareQueryKey });
      await queryClient.invalidateQueries({ queryKey: chargersQueryKey });
    },
  });
}
