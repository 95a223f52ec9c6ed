import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { certificatesQueryKey } from './get-installed-certificates';

// The chargers' ExtendedTriggerMessage call, asked for the one message that renews a charger's certificate.
export const renewCertificatePath = '/cms-system/system/charger/v2/extended-trigger';

/** ExtendedTriggerMessage SignChargePointCertificate (A02): the charger makes a new key and sends its CSR. */
export const renewCertificate = (chargerId: number): Promise<CallData<typeof renewCertificatePath>> =>
  apiPost(renewCertificatePath, { chargerId, requestedMessage: 'SignChargePointCertificate' });

export function useRenewCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCertificate,
    // The CSR and the signed certificate follow the answer within a moment: the history is read again then.
    onSuccess: () => {
      const refresh = () => queryClient.invalidateQueries({ queryKey: certificatesQueryKey });
      void refresh();
      setTimeout(() => void refresh(), 2000);
    },
  });
}
