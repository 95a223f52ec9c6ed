import { invoiceFormat as figuresFormat, type Invoice, type InvoicePreview } from '@plugboard/contract';
import { text, type TextKey, type TextValues } from '../../lib/texts.ts';

export type Printable = (Invoice | InvoicePreview) & { number?: string | null; kind?: Invoice['kind'] };

/**
 * How an invoice writes itself in its language: its figures as the console writes them (`invoiceFormat` of the
 * contract), plus the server's texts (PDF and mail) and the period as a phrase.
 */
export function invoiceFormat(invoice: Printable) {
  const language = invoice.language;
  const t = (key: TextKey, values?: TextValues) => text(language, key, values);
  const { from, to, ...figures } = figuresFormat(language, invoice);
  const plurals = new Intl.PluralRules(language.replace('_', '-'));
  return {
    ...figures,
    t,
    period: t('invoice.period', { from, to }),
    periodShort: `${from} – ${to}`,
    /** The plural category of a count in the language ('one' or another). */
    plural: (count: number) => plurals.select(count),
  };
}
