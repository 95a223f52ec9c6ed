import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export const creditInvoicePath = '/cms-system/system/invoice/v2/credit';

/** Issues a credit note cancelling an issued invoice. */
export const creditInvoice = (id: number): Promise<Invoice> => apiPost(creditInvoicePath, { id });

export function useCreditInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
