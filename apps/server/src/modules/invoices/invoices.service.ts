import type { z } from 'zod';
import {
  codes,
  defaultInvoicePrefix,
  errorMessages,
  nothingToBillMessage,
  type Invoice,
  type InvoiceList,
  type InvoicePreview,
  type InvoiceSettings,
  type invoiceListQuerySchema,
  type invoiceRequestSchema,
  type Seller,
} from '@plugboard/contract';
import { minorDigitsOf } from '@plugboard/pricing';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LoginSession } from '../auth/auth.service.ts';
import type { SessionBillingService } from '../sessions/session-billing.service.ts';
import { billOf } from './invoice-bill.ts';
import { formatNumber, toInvoice, toLine } from './invoice-answers.ts';
import { invoicesRepository } from './invoices.repository.ts';
import type { InvoiceCustomers } from './invoice-customers.ts';

export type InvoiceRequestInput = Omit<z.output<typeof invoiceRequestSchema>, 'stationId'>;
type ListQuery = Omit<z.output<typeof invoiceListQuerySchema>, 'stationId'>;

export type InvoicesDeps = {
  db: Db;
  now: () => Date;
  billing: SessionBillingService;
  customers: InvoiceCustomers;
  /** The site's time zone and currency (the caller owns it: lib/calls.ts checked). */
  siteOf: (session: LoginSession, stationId: number) => Promise<{ timeZone: string; currency: string }>;
  /** The operator's company as the account holds it. */
  sellerOf: (session: LoginSession) => Promise<Seller>;
  /** The site's invoice footer as plain text ('' without one). */
  footerOf: (stationId: number) => Promise<string>;
};

const issuedMessage = errorMessages[codes.invoiceIssued];

/**
 * Invoices of a site: a request is previewed (nothing stored), kept as a draft, then issued: numbered in the same
 * transaction, per site and without gaps, and never changed again. A credit note cancels an issued invoice whole
 * and frees its sessions for a new one. A session is billed by at most one issued invoice (invoice_sessions).
 */
export function invoicesService(deps: InvoicesDeps) {
  const { db, now } = deps;
  const repo = invoicesRepository(db);

  const compute = async (session: LoginSession, stationId: number, request: InvoiceRequestInput) => {
    const [site, customer, seller, footer] = await Promise.all([
      deps.siteOf(session, stationId),
      deps.customers.resolve(stationId, request.customer),
      deps.sellerOf(session),
      deps.footerOf(stationId),
    ]);
    const rows = await deps.billing.completeOf(
      stationId,
      customer.billing,
      new Date(request.from),
      new Date(request.to),
    );
    const first = rows[0];
    const last = rows.at(-1);
    const held =
      first && last ? await repo.heldBetween(stationId, first[0], last[0]) : new Map<number, string>();
    const digits = minorDigitsOf(site.currency);
    const bill = billOf(rows, held, request.fee, digits);
    const preview: InvoicePreview = {
      periodFrom: new Date(request.from).toISOString(),
      periodTo: new Date(request.to).toISOString(),
      timeZone: site.timeZone,
      currency: site.currency,
      currencyDigits: digits,
      language: request.language,
      customer: request.customer,
      customerLabel: customer.label,
      billTo: request.billTo,
      seller,
      description: request.description,
      footer,
      fee: request.fee,
      lines: bill.lines.map(toLine),
      netMinor: bill.netMinor,
      vatMinor: bill.vatMinor,
      grossMinor: bill.grossMinor,
      sessionCount: bill.sessionIds.length,
      alreadyBilled: [...bill.alreadyBilled].map(([number, sessions]) => ({ number, sessions })),
      unpriced: bill.unpriced,
    };
    return { preview, bill };
  };

  const detail = async (stationId: number, id: number): Promise<Invoice> => {
    const row = await repo.find(stationId, id);
    if (!row) throw new AppError(codes.operationFailed, 'The invoice does not exist');
    return toInvoice(row);
  };

  const locked = async (tx: ReturnType<typeof invoicesRepository>, stationId: number, id: number) => {
    const row = await tx.lock(stationId, id);
    if (!row) throw new AppError(codes.operationFailed, 'The invoice does not exist');
    return row;
  };

  return {
    preview: async (session: LoginSession, stationId: number, request: InvoiceRequestInput) =>
      (await compute(session, stationId, request)).preview,

    /** Stores a draft of the request; a period with nothing left to bill answers 16001. */
    add: async (session: LoginSession, stationId: number, request: InvoiceRequestInput): Promise<Invoice> => {
      const { preview, bill } = await compute(session, stationId, request);
      if (bill.sessionIds.length === 0) throw new AppError(codes.nothingToBill, nothingToBillMessage);
      const id = await db.transaction().execute(async (trx) => {
        const tx = invoicesRepository(trx);
        const invoiceId = await tx.insert(
          {
            station_id: stationId,
            kind: 'invoice',
            status: 'draft',
            period_from: new Date(preview.periodFrom),
            period_to: new Date(preview.periodTo),
            time_zone: preview.timeZone,
            currency: preview.currency,
            language: preview.language,
            customer: JSON.stringify(preview.customer),
            customer_label: preview.customerLabel,
            bill_to: JSON.stringify(preview.billTo),
            seller: JSON.stringify(preview.seller),
            description: preview.description,
            footer: preview.footer,
            fee: JSON.stringify(preview.fee),
            net_minor: bill.netMinor,
            vat_minor: bill.vatMinor,
            gross_minor: bill.grossMinor,
            session_count: bill.sessionIds.length,
            created_at: now(),
          },
          bill.lines,
        );
        await tx.insertSessions(invoiceId, bill.sessionIds, false);
        return invoiceId;
      });
      return detail(stationId, id);
    },

    /**
     * Issues a draft: its sessions become billed by it, the site's next number is given and the seller is fixed,
     * all in one transaction. A session that another invoice issued meanwhile bills answers 15901 (nothing issued,
     * no number used).
     */
    issue: async (session: LoginSession, stationId: number, id: number): Promise<Invoice> => {
      const [seller, footer] = await Promise.all([deps.sellerOf(session), deps.footerOf(stationId)]);
      await db.transaction().execute(async (trx) => {
        const tx = invoicesRepository(trx);
        const row = await locked(tx, stationId, id);
        if (row.status !== 'draft') throw new AppError(codes.invoiceIssued, issuedMessage);
        if (!seller.companyName || !seller.address)
          throw new AppError(codes.sellerIncomplete, errorMessages[codes.sellerIncomplete]);
        await tx.hold(id, true).catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505')
            throw new AppError(
              codes.dataChanged,
              'Some of its sessions were invoiced meanwhile: delete this draft and request the invoice again',
            );
          throw error;
        });
        const at = now();
        const { sequence, prefix } = await tx.nextNumber(stationId);
        const number = formatNumber(prefix, sequence, at, row.time_zone);
        await tx.issue(id, { sequence, number, seller: JSON.stringify(seller), footer, issuedAt: at });
      });
      return detail(stationId, id);
    },

    /** A credit note for the whole of an issued (or sent) invoice, numbered like an invoice; frees its sessions. */
    credit: async (stationId: number, id: number): Promise<Invoice> => {
      const creditId = await db.transaction().execute(async (trx) => {
        const tx = invoicesRepository(trx);
        const row = await locked(tx, stationId, id);
        if (row.kind !== 'invoice' || (row.status !== 'issued' && row.status !== 'sent'))
          throw new AppError(codes.invoiceIssued, 'Only an issued invoice can be credited, once');
        const original = await tx.find(stationId, id);
        const at = now();
        const { sequence, prefix } = await tx.nextNumber(stationId);
        const {
          id: _id,
          credit_of_number: _a,
          credited_by_id: _b,
          credited_by_number: _c,
          lines,
          ...fields
        } = original!;
        const noteId = await tx.insert(
          {
            ...fields,
            customer: JSON.stringify(fields.customer),
            bill_to: JSON.stringify(fields.bill_to),
            seller: JSON.stringify(fields.seller),
            fee: JSON.stringify(fields.fee),
            kind: 'creditNote',
            status: 'issued',
            credit_of: id,
            sequence,
            number: formatNumber(prefix, sequence, at, row.time_zone),
            created_at: at,
            issued_at: at,
            sent_at: null,
          },
          lines,
        );
        await tx.hold(id, false);
        await tx.setStatus(id, 'credited');
        return noteId;
      });
      return detail(stationId, creditId);
    },

    /** Deletes a draft; anything issued answers 16003. */
    remove: async (stationId: number, id: number): Promise<void> => {
      await db.transaction().execute(async (trx) => {
        const tx = invoicesRepository(trx);
        const row = await locked(tx, stationId, id);
        if (row.status !== 'draft' || !(await tx.removeDraft(id)))
          throw new AppError(codes.invoiceIssued, issuedMessage);
      });
    },

    detail,

    list: async (stationId: number, query: ListQuery): Promise<InvoiceList> => {
      const { pageNum, pageSize, ...filter } = query;
      const [rows, total] = await Promise.all([
        repo.page(stationId, filter, pageSize, (pageNum - 1) * pageSize),
        repo.count(stationId, filter),
      ]);
      return { list: rows.map(toInvoice), total, pageNum, pageSize };
    },

    settings: async (session: LoginSession, stationId: number): Promise<InvoiceSettings> => {
      const [row, site] = await Promise.all([repo.numbering(stationId), deps.siteOf(session, stationId)]);
      return {
        prefix: row?.prefix ?? defaultInvoicePrefix,
        lastNumber: row?.last_number ?? 0,
        timeZone: site.timeZone,
        currency: site.currency,
      };
    },

    setPrefix: async (session: LoginSession, stationId: number, prefix: string): Promise<InvoiceSettings> => {
      const [row, site] = await Promise.all([
        repo.setPrefix(stationId, prefix),
        deps.siteOf(session, stationId),
      ]);
      return {
        prefix: row.prefix,
        lastNumber: row.last_number,
        timeZone: site.timeZone,
        currency: site.currency,
      };
    },

    /** Marks an issued invoice sent (or keeps a credited one credited), with the time, in the caller's transaction. */
    markSent: (trx: Db, id: number, status: string, at: Date) =>
      invoicesRepository(trx).setStatus(id, status === 'issued' ? 'sent' : (status as Invoice['status']), at),
  };
}
export type InvoicesService = ReturnType<typeof invoicesService>;
