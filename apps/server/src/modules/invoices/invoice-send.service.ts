import { codes, errorMessages, type Invoice } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { invoiceFormat } from './invoice-format.ts';
import { invoicePdf, title } from './invoice-pdf.ts';
import { invoiceUbl } from './invoice-ubl.ts';
import type { InvoicesService } from './invoices.service.ts';

export type InvoiceFile = { fileName: string; contentType: string; body: Buffer | string };

/** The file name an invoice's files carry: its number (or "draft-<id>"), safe in any file system. */
export const fileNameOf = (invoice: Invoice, extension: 'pdf' | 'xml') =>
  `${(invoice.number ?? `draft-${invoice.id}`).replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}`;

/**
 * An invoice's two files, and its e-mail: the PDF and the UBL XML attached, recorded in the outbox in the
 * transaction that marks the invoice sent, delivered after the commit, retried by any node until it goes out.
 */
export function invoiceSendService({
  db,
  now,
  mailer,
  invoices,
}: {
  db: Db;
  now: () => Date;
  mailer: Pick<Mailer, 'record'>;
  invoices: Pick<InvoicesService, 'detail' | 'markSent'>;
}) {
  const pdf = async (stationId: number, id: number): Promise<InvoiceFile> => {
    const invoice = await invoices.detail(stationId, id);
    return {
      fileName: fileNameOf(invoice, 'pdf'),
      contentType: 'application/pdf',
      body: await invoicePdf(invoice),
    };
  };
  const xml = async (stationId: number, id: number): Promise<InvoiceFile> => {
    const invoice = await invoices.detail(stationId, id);
    if (!invoice.number) throw new AppError(codes.operationFailed, 'Issue the invoice first');
    return {
      fileName: fileNameOf(invoice, 'xml'),
      contentType: 'application/xml',
      body: invoiceUbl(invoice),
    };
  };

  return {
    pdf,
    xml,

    send: async (stationId: number, id: number, email?: string): Promise<Invoice> => {
      const invoice = await invoices.detail(stationId, id);
      if (invoice.status === 'draft')
        throw new AppError(codes.operationFailed, 'Issue the invoice before sending it');
      const to = email ?? invoice.billTo.email;
      if (!to)
        throw new AppError(
          codes.invalidInput,
          `${errorMessages[codes.invalidInput]}: enter the customer's e-mail`,
        );
      const f = invoiceFormat(invoice);
      const kind = title(invoice, f.t);
      const values = {
        kind,
        number: invoice.number ?? '',
        seller: invoice.seller.companyName,
        period: f.periodShort,
        total: f.money(invoice.grossMinor),
      };
      const attachments = [
        {
          filename: fileNameOf(invoice, 'pdf'),
          contentType: 'application/pdf',
          content: await invoicePdf(invoice),
        },
        {
          filename: fileNameOf(invoice, 'xml'),
          contentType: 'application/xml',
          content: Buffer.from(invoiceUbl(invoice)),
        },
      ];
      const { deliver } = await db.transaction().execute(async (trx) => {
        const recorded = await mailer.record(trx, {
          to,
          subject: f.t('invoice.mailSubject', values),
          text: `${f.t('invoice.mailBody', values)}\n\n${f.t('invoice.mailFooter', values)}\n`,
          retry: true,
          attachments,
        });
        await invoices.markSent(trx, id, invoice.status, now());
        return recorded;
      });
      // A refused delivery stays in the outbox, which every node retries until it goes out (lib/mailer.ts).
      await deliver().catch(() => undefined);
      return invoices.detail(stationId, id);
    },
  };
}
export type InvoiceSendService = ReturnType<typeof invoiceSendService>;
