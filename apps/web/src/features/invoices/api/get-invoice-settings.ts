import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSettings } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export const invoiceSettingsPath = '/cms-system/system/invoice/v2/settings/detail';

/** The number prefix, the last number given, and the site's time zone and currency. */
export const getInvoiceSettings = (): Promise<InvoiceSettings> => apiPost(invoiceSettingsPath);

export const getInvoiceSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...invoicesQueryKey, 'settings'], queryFn: getInvoiceSettings });

export function useInvoiceSettings() {
  return useQuery(getInvoiceSettingsQueryOptions());
}
