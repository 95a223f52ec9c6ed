import {
  defaultLanguage,
  invoiceNumberDigits,
  isLanguage,
  uiLanguages,
  type BillTo,
  type Invoice,
  type InvoiceCustomer,
  type Seller,
} from '@plugboard/contract';
import { minorDigitsOf, wallClockOf } from '@plugboard/pricing';
import type { Fee, StoredLine } from './invoice-bill.ts';
import type { InvoiceWithLines } from './invoices.repository.ts';

type UiLanguage = (typeof uiLanguages)[number];
export const uiLanguageOf = (language: string): UiLanguage =>
  (uiLanguages as readonly string[]).includes(language) && isLanguage(language)
    ? (language as UiLanguage)
    : (defaultLanguage as UiLanguage);

export const toLine = ({ vatRateBp, ...line }: StoredLine) => ({ ...line, vatRate: vatRateBp / 100 });

/** A number as the site writes it: the prefix (`{YYYY}` = the year of issue in the site's zone) and 6 digits. */
export function formatNumber(prefix: string, sequence: number, issuedAt: Date, timeZone: string): string {
  const year = String(wallClockOf(issuedAt, timeZone).year);
  return `${prefix.replaceAll('{YYYY}', year)}${String(sequence).padStart(invoiceNumberDigits, '0')}`;
}

export function toInvoice(row: InvoiceWithLines): Invoice {
  return {
    id: row.id,
    kind: row.kind as Invoice['kind'],
    status: row.status as Invoice['status'],
    number: row.number,
    creditOf: row.credit_of !== null ? { id: row.credit_of, number: row.credit_of_number ?? '' } : null,
    creditedBy:
      row.credited_by_id !== null ? { id: row.credited_by_id, number: row.credited_by_number ?? '' } : null,
    createdAt: row.created_at.toISOString(),
    issuedAt: row.issued_at?.toISOString() ?? null,
    sentAt: row.sent_at?.toISOString() ?? null,
    periodFrom: row.period_from.toISOString(),
    periodTo: row.period_to.toISOString(),
    timeZone: row.time_zone,
    currency: row.currency,
    currencyDigits: minorDigitsOf(row.currency),
    language: uiLanguageOf(row.language),
    customer: row.customer as InvoiceCustomer,
    customerLabel: row.customer_label,
    billTo: row.bill_to as BillTo,
    seller: row.seller as Seller,
    description: row.description,
    footer: row.footer,
    fee: row.fee as Fee,
    lines: row.lines.map(toLine),
    netMinor: row.net_minor,
    vatMinor: row.vat_minor,
    grossMinor: row.gross_minor,
    sessionCount: row.session_count,
  };
}
