import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { certificatesQueryKey } from './get-installed-certificates';

export const deleteCertificatePath = '/cms-system/system/certificate/v2/delete';

/** DeleteCertificate: one installed certificate, named by the hash data the charger reported. */
export const deleteCertificate = (
  body: Omit<CallBody<typeof deleteCertificatePath>, 'stationId'>,
): Promise<CallData<typeof deleteCertificatePath>> => apiPost(deleteCertificatePath, body);

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificatesQueryKey }),
  });
}
