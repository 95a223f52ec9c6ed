import { describe, expect, it } from 'vitest';
import { invoiceFormat, vatByRate, type InvoiceFigures } from './invoice-format.ts';

const february: InvoiceFigures = {
  currency: 'EUR',
  currencyDigits: 2,
  timeZone: 'Europe/Amsterdam',
  // February 2026 in Amsterdam: from its first midnight to (exclusive) March's.
  periodFrom: '2026-01-31T23:00:00.000Z',
  periodTo: '2026-02-28T23:00:00.000Z',
};

describe('invoiceFormat', () => {
  it('writes integer minor units in the currency to its minor unit, in the language', () => {
    expect(invoiceFormat('en_US', february).money(123456)).toBe('€1,234.56');
    expect(invoiceFormat('de_DE', february).money(123456)).toBe('1.234,56\u00a0€');
    expect(invoiceFormat('nl_NL', february).money(5)).toBe('€\u00a00,05');
    expect(invoiceFormat('en_US', { ...february, currency: 'JPY', currencyDigits: 0 }).money(1234)).toBe(
      '¥1,234',
    );
    expect(invoiceFormat('en_US', { ...february, currency: 'KWD', currencyDigits: 3 }).money(1)).toBe(
      'KWD\u00a00.001',
    );
  });

  it("dates the period in the site's zone, its last day the one before periodTo", () => {
    const f = invoiceFormat('en_US', february);
    expect(f.from).toBe('Feb 1, 2026');
    expect(f.to).toBe('Feb 28, 2026');
    // 23:30 UTC on 28 February is already 1 March in Amsterdam.
    expect(f.day('2026-02-28T23:30:00.000Z')).toBe('Mar 1, 2026');
    expect(invoiceFormat('de_DE', february).from).toBe('01.02.2026');
  });

  it('writes energy from watt-hours to three decimals, and percentages to two at most', () => {
    expect(invoiceFormat('en_US', february).kwh(12345)).toBe('12.345 kWh');
    expect(invoiceFormat('fr_FR', february).kwh(1500)).toBe('1,500 kWh');
    expect(invoiceFormat('de_DE', february).percent(21)).toBe('21');
    expect(invoiceFormat('de_DE', february).percent(5.555)).toBe('5,56');
  });

  it('writes a rate with its percent sign as each language does (a no-break space where it has one)', () => {
    expect(invoiceFormat('en_US', february).rate(21)).toBe('21%');
    expect(invoiceFormat('de_DE', february).rate(5.5)).toBe('5,5\u00a0%');
    expect(invoiceFormat('fr_FR', february).rate(20)).toBe('20\u00a0%');
    expect(invoiceFormat('nl_NL', february).rate(21)).toBe('21%');
  });
});

describe('vatByRate', () => {
  it('sums the VAT of the lines per rate, highest rate first', () => {
    const lines = [
      { vatRate: 9, vatMinor: 10 },
      { vatRate: 21, vatMinor: 100 },
      { vatRate: 9, vatMinor: 5 },
      { vatRate: 0, vatMinor: 0 },
    ];
    expect(vatByRate(lines)).toEqual([
      [21, 100],
      [9, 15],
      [0, 0],
    ]);
    expect(vatByRate([])).toEqual([]);
  });
});
