import type { Invoice, InvoicePreview } from '@plugboard/contract';

type Figures = Pick<InvoicePreview, 'currency' | 'currencyDigits' | 'timeZone' | 'periodFrom' | 'periodTo'>;

/**
 * How an invoice writes its figures in a language: money in the site's currency to its minor unit (integers, so
 * no rounding on the way), days in the site's time zone, the period's last day being the one before `periodTo`.
 */
export function invoiceFormat(language: string, invoice: Figures) {
  const locale = language.replace('_', '-');
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: invoice.currency,
    minimumFractionDigits: invoice.currencyDigits,
    maximumFractionDigits: invoice.currencyDigits,
  });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: invoice.timeZone });
  const kwh = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    money: (minor: number) => money.format(minor / 10 ** invoice.currencyDigits),
    day: (iso: string) => day.format(new Date(iso)),
    kwh: (wh: number) => `${kwh.format(wh / 1000)} kWh`,
    percent: (value: number) => percent.format(value),
    from: day.format(new Date(invoice.periodFrom)),
    to: day.format(new Date(Date.parse(invoice.periodTo) - 1)),
  };
}

/** The VAT of the lines summed per rate, highest rate first. */
export function vatByRate(lines: Invoice['lines']): [rate: number, vatMinor: number][] {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.vatRate, (sums.get(line.vatRate) ?? 0) + line.vatMinor);
  return [...sums].sort((a, b) => b[0] - a[0]);
}
