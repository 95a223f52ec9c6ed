import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { certificatesQueryKey } from './get-installed-certificates';

export const installCertificatePath = '/cms-system/system/certificate/v2/install';

/** InstallCertificate: a root certificate (PEM) on the charger; answers the charger's status. */
export const installCertificate = (
  body: Omit<CallBody<typeof installCertificatePath>, 'stationId'>,
): Promise<CallData<typeof installCertificatePath>> => apiPost(installCertificatePath, body);

export function useInstallCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: installCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificatesQueryKey }),
  });
}
