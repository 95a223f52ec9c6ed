import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateType, InstalledCertificates } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const installedCertificatesPath = '/cms-system/system/certificate/v2/list';

export const certificatesQueryKey = ['certificates'] as const;

export const getInstalledCertificates = (
  chargerId: number,
  certificateType: CertificateType,
): Promise<InstalledCertificates> => apiPost(installedCertificatesPath, { chargerId, certificateType });

export const getInstalledCertificatesQueryOptions = (chargerId: number, certificateType: CertificateType) =>
  queryOptions({
    queryKey: [...certificatesQueryKey, 'installed', chargerId, certificateType] as const,
    queryFn: () => getInstalledCertificates(chargerId, certificateType),
    // Each read is a GetInstalledCertificateIds to the charger: when asked, not on every focus.
    staleTime: Infinity,
    retry: false,
  });

/** GetInstalledCertificateIds of a kind, sent when `enabled` (the operator pressed "Read"). */
export function useInstalledCertificates(
  chargerId: number,
  certificateType: CertificateType,
  enabled: boolean,
) {
  return useQuery({ ...getInstalledCertificatesQueryOptions(chargerId, certificateType), enabled });
}
