import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@plugboard/contract';
import { InvoiceDocument } from './invoice-document';

const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 3,
  kind: 'invoice',
  status: 'issued',
  number: 'PB-2026-000007',
  creditOf: null,
  creditedBy: null,
  createdAt: '2026-03-31T20:00:00.000Z',
  // 31 March 23:30 UTC is already 1 April in Tokyo.
  issuedAt: '2026-03-31T23:30:00.000Z',
  sentAt: null,
  periodFrom: '2026-02-28T15:00:00.000Z',
  periodTo: '2026-03-31T15:00:00.000Z',
  timeZone: 'Asia/Tokyo',
  currency: 'EUR',
  currencyDigits: 2,
  language: 'en_US',
  customer: { kind: 'group', groupId: 5 },
  customerLabel: 'Fleet',
  billTo: { name: '', companyName: 'Fleet Co', address: '', vatNumber: 'FR40303265045', email: '' },
  seller: { companyName: 'Laadpunt BV', address: 'Kade 1', vatNumber: 'NL1', email: 'op@example.test' },
  description: '',
  footer: '',
  fee: { kind: 'percent', perSession: 0, percent: 5 },
  lines: [
    { kind: 'charging', vatRate: 21, energyWh: 1_234_567, sessions: 1, netMinor: 123_456, vatMinor: 25_926 },
    { kind: 'serviceFee', vatRate: 21, energyWh: 0, sessions: 1, netMinor: 6173, vatMinor: 1296 },
  ],
  netMinor: 129_629,
  vatMinor: 27_222,
  grossMinor: 156_851,
  sessionCount: 1,
  ...overrides,
});

/** The document's text with its no-break spaces as they are (the test names them). */
const textOf = (testId: string) => screen.getByTestId(testId).textContent ?? '';
/** For getByText: no-break spaces kept (its default reads them as spaces). */
const asIs = { normalizer: (text: string) => text };

describe('the printed invoice', () => {
  it('writes labels, rates and one session as English does, days in the site zone', () => {
    render(<InvoiceDocument invoice={anInvoice()} />);
    expect(textOf('invoice-document-number')).toBe('Number: PB-2026-000007');
    expect(screen.getByText('Date: Apr 1, 2026')).toBeTruthy();
    expect(textOf('invoice-document-period')).toBe('Billed from Mar 1, 2026 to Mar 31, 2026');
    const [charging, fee] = screen.getAllByTestId('invoice-document-line');
    expect(charging!.textContent).toContain('Charging (1 session)');
    expect(charging!.textContent).toContain('21%');
    expect(fee!.textContent).toContain('5% of charging');
    expect(screen.getByText('VAT 21%')).toBeTruthy();
    expect(textOf('invoice-total-gross')).toBe('€1,568.51');
  });

  it('writes them as French does: a space before the colon and the percent sign', async () => {
    render(<InvoiceDocument invoice={anInvoice({ language: 'fr_FR' })} />);
    await waitFor(() => expect(textOf('invoice-document-number')).toBe('Numéro\u00a0: PB-2026-000007'));
    expect(screen.getByText('Date\u00a0: 1 avr. 2026', asIs)).toBeTruthy();
    const billTo = screen.getByTestId('invoice-document-bill-to');
    expect(within(billTo).getByText('N° de TVA\u00a0: FR40303265045', asIs)).toBeTruthy();
    expect(within(billTo).getByText('Client\u00a0: Fleet', asIs)).toBeTruthy();
    const [charging, fee] = screen.getAllByTestId('invoice-document-line');
    expect(charging!.textContent).toContain('Recharge (1 session)');
    expect(charging!.textContent).toContain('21\u00a0%');
    expect(fee!.textContent).toContain('5\u00a0% de la recharge');
    expect(screen.getByText('TVA 21\u00a0%', asIs)).toBeTruthy();
    expect(textOf('invoice-total-gross')).toBe('1\u202f568,51\u00a0€');
  });
});
