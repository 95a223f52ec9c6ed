import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceList, InvoiceListQuery } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const invoicesPath = '/cms-system/system/invoice/v2/list';

/** Every query of the feature starts with this key; every change (issue, send, credit, delete) invalidates it. */
export const invoicesQueryKey = ['invoices'] as const;

export type InvoiceFilter = Omit<InvoiceListQuery, 'stationId'>;

export const getInvoices = (filter: InvoiceFilter): Promise<InvoiceList> => apiPost(invoicesPath, filter);

export const getInvoicesQueryOptions = (filter: InvoiceFilter) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'list', filter],
    queryFn: () => getInvoices(filter),
    placeholderData: keepPreviousData,
  });

export function useInvoices(filter: InvoiceFilter) {
  return useQuery(getInvoicesQueryOptions(filter));
}
