import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export const deleteInvoicePath = '/cms-system/system/invoice/v2/delete';

/** Deletes a draft; an issued invoice answers 16003. */
export const deleteInvoice = async (id: number): Promise<void> => {
  await apiPost(deleteInvoicePath, { id });
};

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
