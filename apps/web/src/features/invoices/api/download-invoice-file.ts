import { invoicePdfPath, invoiceXmlPath, type Invoice } from '@plugboard/contract';
import { getStationId } from '../../../lib/storage';
import { postForFile, saveBlob } from '../../../lib/stream-download';

export type InvoiceFileKind = 'pdf' | 'xml';

/** Downloads an invoice's PDF (rendered on the server) or its UBL XML, named by its number, and saves it. */
export async function downloadInvoiceFile(invoice: Pick<Invoice, 'id' | 'number'>, kind: InvoiceFileKind) {
  const file = await postForFile(kind === 'pdf' ? invoicePdfPath : invoiceXmlPath, {
    stationId: Number(getStationId()),
    id: invoice.id,
  });
  saveBlob(file.blob, file.filename ?? `${invoice.number ?? `invoice-${invoice.id}`}.${kind}`);
}
