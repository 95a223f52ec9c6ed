import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export const sendInvoicePath = '/cms-system/system/invoice/v2/send';

/** E-mails an issued invoice with its PDF and XML attached, to `email` or the bill-to address. */
export const sendInvoice = ({ id, email }: { id: number; email: string }): Promise<Invoice> =>
  apiPost(sendInvoicePath, { id, ...(email && { email }) });

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
