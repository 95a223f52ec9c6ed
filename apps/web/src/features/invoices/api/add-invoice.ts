import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';
import type { InvoiceRequestBody } from './preview-invoice';

export const addInvoicePath = '/cms-system/system/invoice/v2/add';

/** Stores the request as a draft; a period with nothing left to bill answers 16001. */
export const addInvoice = (body: InvoiceRequestBody): Promise<Invoice> => apiPost(addInvoicePath, body);

export function useAddInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
