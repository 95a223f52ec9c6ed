import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export const issueInvoicePath = '/cms-system/system/invoice/v2/issue';

/** Numbers a draft (the site's next number) and fixes it for good. */
export const issueInvoice = (id: number): Promise<Invoice> => apiPost(issueInvoicePath, { id });

export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}
