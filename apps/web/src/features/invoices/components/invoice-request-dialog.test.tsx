import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice, InvoicePreview } from '@plugboard/contract';
import { periodIn } from '@plugboard/pricing';
import { NotificationHost } from '../../../components/ui/notifications';
import { setStationId, setToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { addInvoicePath } from '../api/add-invoice';
import { issueInvoicePath } from '../api/issue-invoice';
import { previewInvoicePath } from '../api/preview-invoice';
import { InvoiceRequestDialog } from './invoice-request-dialog';

const timeZone = 'America/New_York';

function aPreview(overrides: Partial<InvoicePreview> = {}): InvoicePreview {
  return {
    periodFrom: '2026-03-01T05:00:00.000Z',
    periodTo: '2026-04-01T04:00:00.000Z',
    timeZone,
    currency: 'EUR',
    currencyDigits: 2,
    language: 'en_US',
    customer: { kind: 'group', groupId: 5 },
    customerLabel: 'Fleet',
    billTo: { name: '', companyName: 'Fleet Co', address: '', vatNumber: '', email: '' },
    seller: { companyName: 'Laadpunt BV', address: 'Kade 1', vatNumber: 'NL1', email: 'op@example.test' },
    description: '',
    footer: '',
    fee: { kind: 'none', perSession: 0, percent: 0 },
    lines: [{ kind: 'charging', vatRate: 21, energyWh: 12_500, sessions: 2, netMinor: 496, vatMinor: 104 }],
    netMinor: 496,
    vatMinor: 104,
    grossMinor: 600,
    sessionCount: 2,
    alreadyBilled: [],
    unpriced: 0,
    ...overrides,
  };
}

function renderDialog(children: ReactNode) {
  setStationId(7);
  setToken('session-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      {children}
      <NotificationHost />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

function openDialog(answers: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(answers);
  const onDone = vi.fn();
  renderDialog(
    <InvoiceRequestDialog
      groups={[{ id: 5, label: 'Fleet' }]}
      cards={[{ id: 9, label: 'CARD1' }]}
      timeZone={timeZone}
      language="en_US"
      onClose={vi.fn()}
      onDone={onDone}
    />,
  );
  return { ...server, onDone };
}

describe('invoice request', () => {
  it("sends the period in the site's zone and shows the preview's lines and totals", async () => {
    const { requests } = openDialog({ [previewInvoicePath]: envelope(200, 'success', aPreview()) });
    type('invoice-request-group', '5');
    fireEvent.click(screen.getByTestId('invoice-period-lastMonth'));
    type('invoice-request-companyName', 'Fleet Co');
    type('invoice-request-fee-kind', 'perSession');
    type('invoice-request-fee', '0,25');
    fireEvent.click(screen.getByTestId('invoice-request-preview'));
    const preview = await screen.findByTestId('invoice-preview');
    expect(requests[0]?.body).toMatchObject({
      stationId: 7,
      customer: { kind: 'group', groupId: 5 },
      ...periodIn('lastMonth', timeZone),
      billTo: { companyName: 'Fleet Co' },
      fee: { kind: 'perSession', perSession: 0.25, percent: 0 },
      language: 'en_US',
    });
    expect(within(preview).getByTestId('invoice-document-title').textContent).toBe('Invoice (Preview)');
    const line = within(preview).getByTestId('invoice-document-line');
    expect(line.textContent).toContain('Charging (2 sessions)');
    expect(line.textContent).toContain('12.500 kWh');
    expect(within(preview).getByTestId('invoice-total-gross').textContent).toBe('€6.00');
  });

  it('scrolls the preview into view when it opens below the form', async () => {
    const scrolled: Element[] = [];
    // jsdom does not scroll: record what would be scrolled into view.
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    try {
      openDialog({ [previewInvoicePath]: envelope(200, 'success', aPreview()) });
      type('invoice-request-group', '5');
      fireEvent.click(screen.getByTestId('invoice-request-preview'));
      const preview = await screen.findByTestId('invoice-preview');
      await waitFor(() => expect(scrolled).toEqual([preview]));
    } finally {
      // @ts-expect-error jsdom has no scrollIntoView of its own
      delete Element.prototype.scrollIntoView;
    }
  });

  it('writes the preview in the invoice language, not the console one', async () => {
    openDialog({ [previewInvoicePath]: envelope(200, 'success', aPreview({ language: 'fr_FR' })) });
    type('invoice-request-group', '5');
    type('invoice-request-language', 'fr_FR');
    fireEvent.click(screen.getByTestId('invoice-request-preview'));
    await waitFor(() =>
      expect(screen.getByTestId('invoice-document-title').textContent).toBe('Facture (Aperçu)'),
    );
    expect(screen.getByTestId('invoice-total-gross').textContent).toMatch(/6,00\s€/);
    expect(screen.getByTestId('invoice-request-preview').textContent).toBe('Preview');
  });

  it('refuses a description over 150 characters and an empty customer, without a request', () => {
    const { requests } = openDialog({});
    type('invoice-request-description', 'x'.repeat(151));
    expect(screen.getByTestId('invoice-request-description-message').textContent).toBe(
      'The description may have at most 150 characters',
    );
    expect(screen.getByTestId('invoice-request-preview')).toHaveProperty('disabled', true);
    type('invoice-request-description', 'x'.repeat(150));
    expect(screen.getByTestId('invoice-request-description-message').textContent).toBe('150 / 150');
    fireEvent.click(screen.getByTestId('invoice-request-preview'));
    expect(screen.getByText('Choose who is billed')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('says which sessions another invoice bills, and offers no issue when nothing is left', async () => {
    openDialog({
      [previewInvoicePath]: envelope(
        200,
        'success',
        aPreview({ sessionCount: 0, lines: [], alreadyBilled: [{ number: 'PB-2026-000001', sessions: 2 }] }),
      ),
    });
    type('invoice-request-group', '5');
    fireEvent.click(screen.getByTestId('invoice-request-preview'));
    expect((await screen.findByTestId('invoice-already-billed')).textContent).toBe(
      '2 sessions of this period are already billed on invoice PB-2026-000001 and are left out.',
    );
    expect(screen.getByTestId('invoice-preview-empty').textContent).toBe(
      'There are no sessions to invoice in this period',
    );
    expect(screen.queryByTestId('invoice-request-issue')).toBeNull();
  });

  it('issues: adds the draft, numbers it, and hands the issued invoice on', async () => {
    const draft = {
      ...aPreview(),
      id: 3,
      kind: 'invoice',
      status: 'draft',
      number: null,
    } as unknown as Invoice;
    const issued = { ...draft, status: 'issued', number: 'PB-2026-000001' } as Invoice;
    const { requests, onDone } = openDialog({
      [previewInvoicePath]: envelope(200, 'success', aPreview()),
      [addInvoicePath]: envelope(200, 'success', draft),
      [issueInvoicePath]: envelope(200, 'success', issued),
    });
    type('invoice-request-group', '5');
    fireEvent.click(screen.getByTestId('invoice-request-preview'));
    fireEvent.click(await screen.findByTestId('invoice-request-issue'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(issued));
    expect(requests.map((r) => r.path)).toEqual([previewInvoicePath, addInvoicePath, issueInvoicePath]);
    expect(requests[2]?.body).toEqual({ stationId: 7, id: 3 });
  });
});
