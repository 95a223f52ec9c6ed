import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invoiceFileSchema, invoicePdfPath, invoiceXmlPath } from '@plugboard/contract';
import { checkCaller, type CallDeps } from '../../lib/calls.ts';
import type { InvoiceFile, InvoiceSendService } from './invoice-send.service.ts';

/**
 * POST /cms-system/system/invoice/v2/pdf and /xml answer the file itself, so they are not in the contract's JSON
 * call table; they are checked exactly like a site call (lib/calls.ts checkCaller), refusals are the JSON envelope.
 */
export function registerInvoiceFiles(app: FastifyInstance, deps: CallDeps, files: InvoiceSendService) {
  const route = (
    url: string,
    summary: string,
    read: (stationId: number, id: number) => Promise<InvoiceFile>,
  ) =>
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url,
      schema: { summary, body: invoiceFileSchema, tags: ['invoice'] },
      handler: async (request, reply) => {
        const { stationId } = await checkCaller(request, 'site', deps);
        const file = await read(stationId!, request.body.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('access-control-expose-headers', 'Content-Disposition')
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    });
  route(invoicePdfPath, "The invoice's PDF (A4, in its language)", files.pdf);
  route(invoiceXmlPath, 'The issued invoice as UBL 2.1 XML (EN 16931, Peppol BIS Billing 3.0)', files.xml);
}
