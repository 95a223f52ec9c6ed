import { useMutation } from '@tanstack/react-query';
import type { InvoicePreview, InvoiceRequest } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const previewInvoicePath = '/cms-system/system/invoice/v2/preview';

export type InvoiceRequestBody = Omit<InvoiceRequest, 'stationId'>;

/** The invoice a request would make; nothing is stored. */
export const previewInvoice = (body: InvoiceRequestBody): Promise<InvoicePreview> =>
  apiPost(previewInvoicePath, body);

export function usePreviewInvoice() {
  return useMutation({ mutationFn: previewInvoice });
}
