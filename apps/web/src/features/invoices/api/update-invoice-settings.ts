import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSettings } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export const updateInvoiceSettingsPath = '/cms-system/system/invoice/v2/settings/update';

/** Changes the number prefix; the sequence goes on. */
export const updateInvoiceSettings = (prefix: string): Promise<InvoiceSettings> =>
  apiPost(updateInvoiceSettingsPath, { prefix });

export function useUpdateInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
