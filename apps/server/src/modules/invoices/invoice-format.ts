import type { Invoice, InvoicePreview } from '@plugboard/contract';
import { text, type TextKey, type TextValues } from '../../lib/texts.ts';

export type Printable = (Invoice | InvoicePreview) & { number?: string | null; kind?: Invoice['kind'] };

/**
 * How an invoice writes its figures in its language: money in the site's currency to its minor unit, dates in the
 * site's zone; the period's last day is the one before `periodTo` (which is exclusive).
 */
export function invoiceFormat(invoice: Printable) {
  const language = invoice.language;
  const locale = language.replace('_', '-');
  const t = (key: TextKey, values?: TextValues) => text(language, key, values);
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: invoice.currency,
    minimumFractionDigits: invoice.currencyDigits,
    maximumFractionDigits: invoice.currencyDigits,
  });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: invoice.timeZone });
  const kwh = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const from = day.format(new Date(invoice.periodFrom));
  const to = day.format(new Date(Date.parse(invoice.periodTo) - 1));
  return {
    t,
    money: (minor: number) => money.format(minor / 10 ** invoice.currencyDigits),
    day: (iso: string) => day.format(new Date(iso)),
    kwh: (wh: number) => `${kwh.format(wh / 1000)} kWh`,
    percent: (value: number) => percent.format(value),
    period: t('invoice.period', { from, to }),
    periodShort: `${from} – ${to}`,
  };
}
