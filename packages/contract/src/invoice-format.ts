import type { Invoice, InvoicePreview } from './invoices.ts';

/** What an invoice's figures are written from: its currency and digits, its site's zone and its period. */
export type InvoiceFigures = Pick<
  InvoicePreview,
  'currency' | 'currencyDigits' | 'timeZone' | 'periodFrom' | 'periodTo'
>;

/**
 * How an invoice writes its figures in a language (`en_US` or a BCP 47 tag), the same on the console's page and
 * in the server's PDF and mail: money in the site's currency to its minor unit (integers of the minor unit in, so
 * no rounding on the way), days in the site's time zone, the period's last day being the one before `periodTo`
 * (which is exclusive).
 */
export function invoiceFormat(language: string, invoice: InvoiceFigures) {
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
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return {
    money: (minor: number) => money.format(minor / 10 ** invoice.currencyDigits),
    day: (iso: string) => day.format(new Date(iso)),
    kwh: (wh: number) => `${kwh.format(wh / 1000)} kWh`,
    percent: (value: number) => percent.format(value),
    /** A percent (21 = 21 %) with its sign as the language writes it: 21% in English, 21 % in German. */
    rate: (value: number) => rate.format(value / 100),
    /** The period's first and last day. */
    from: day.format(new Date(invoice.periodFrom)),
    to: day.format(new Date(Date.parse(invoice.periodTo) - 1)),
  };
}

export type InvoiceFormat = ReturnType<typeof invoiceFormat>;

/** The VAT of the lines summed per rate, highest rate first. */
export function vatByRate(
  lines: Pick<Invoice['lines'][number], 'vatRate' | 'vatMinor'>[],
): [rate: number, vatMinor: number][] {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.vatRate, (sums.get(line.vatRate) ?? 0) + line.vatMinor);
  return [...sums].sort((a, b) => b[0] - a[0]);
}
