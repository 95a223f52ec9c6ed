import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Tariff } from '@plugboard/contract';
import { NotificationHost } from '../../../components/ui/notifications';
import { setStationId, setToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { tariffPath } from '../api/get-tariff';
import { saveTariffPath } from '../api/save-tariff';
import { TariffView, type TariffSite } from './tariff-view';

const site: TariffSite = {
  currency: 'EUR',
  timeZone: 'Europe/Amsterdam',
  fixedCost: 0.2,
  fixedCostIncludesVat: false,
};

const aTariff = (overrides: Partial<Tariff> = {}): Tariff => ({
  id: 12,
  priceModel: 'timeOfUse',
  energyPrice: 0.4,
  timePrice: 0,
  idlePrice: 0.1,
  startFee: 0,
  pricesIncludeVat: false,
  vatRate: 21,
  paymentMethods: ['rfid', 'contactless'],
  bands: [
    {
      days: [1, 2, 3, 4, 5, 6, 7],
      from: '23:00',
      to: '24:00',
      energyPrice: 0.25,
      timePrice: 0,
      idlePrice: 0,
    },
  ],
  currency: 'EUR',
  timeZone: 'Europe/Amsterdam',
  fixedCost: 0.2,
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

function show(tariff: Tariff | null) {
  setStationId(7);
  setToken('session-token');
  const server = fakeServer({
    [tariffPath]: envelope(200, 'success', tariff),
    [saveTariffPath]: envelope(200, 'success', aTariff({ id: 13, priceModel: 'static', bands: [] })),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <NotificationHost />
    </QueryClientProvider>
  );
  render(wrap(<TariffView stationId={7} site={site} siteFailed={false} onRetrySite={() => {}} />));
  return server;
}

const saves = (requests: { path: string; body: Record<string, unknown> }[]) =>
  requests.filter((request) => request.path === saveTariffPath);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('tariff screen', () => {
  it('says sessions are not priced before the first tariff, and saves a static one', async () => {
    const { requests } = show(null);
    expect((await screen.findByTestId('tariff-empty')).textContent).toBe(
      'No tariff yet: sessions are not priced. Save a tariff to price the sessions that start afterwards.',
    );
    expect(screen.getByTestId('tariff-currency').textContent).toBe('Currency: EUR');
    expect(screen.getByTestId('tariff-time-zone').textContent).toBe('Time zone: Europe/Amsterdam');
    type('tariff-energyPrice', '0,35');
    type('tariff-vat-rate', '21');
    fireEvent.click(screen.getByTestId('tariff-payment-emv'));
    fireEvent.click(screen.getByTestId('tariff-save'));

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]?.body).toEqual({
      stationId: 7,
      priceModel: 'static',
      energyPrice: 0.35,
      timePrice: 0,
      idlePrice: 0,
      startFee: 0,
      pricesIncludeVat: true,
      vatRate: 21,
      paymentMethods: ['rfid', 'emv'],
      bands: [],
    });
    expect((await screen.findByTestId('toast')).textContent).toBe('Tariff saved');
    expect(screen.getByTestId('tariff-saved-note').textContent).toContain('sessions that start from now on');
    expect(screen.queryByTestId('tariff-empty')).toBeNull();
  });

  it('flags overlapping bands on their rows and saves nothing until the form is right', async () => {
    const { requests } = show(aTariff());
    await screen.findByTestId('tariff-band-0');
    fireEvent.click(screen.getByTestId('tariff-band-add'));
    type('tariff-band-1-from', '22:00');
    type('tariff-band-1-to', '23:30');
    // Monday to Friday by default: the new band meets band 1 from 23:00 on those days.
    expect(screen.getByTestId('tariff-band-0').dataset.overlap).toBe('true');
    expect(screen.getByTestId('tariff-band-1-overlap').textContent).toBe(
      'Overlaps another band on Mon, Tue, Wed, Thu, Fri',
    );
    fireEvent.click(screen.getByTestId('tariff-save'));
    expect(screen.getByTestId('tariff-band-1-energyPrice-message').textContent).toBe('Enter a value');
    expect(saves(requests)).toHaveLength(0);

    type('tariff-band-1-to', '23:00');
    type('tariff-band-1-energyPrice', '0.30');
    expect(screen.getByTestId('tariff-band-0').dataset.overlap).toBe('false');
    fireEvent.click(screen.getByTestId('tariff-save'));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]?.body.bands).toEqual([
      {
        days: [1, 2, 3, 4, 5, 6, 7],
        from: '23:00',
        to: '24:00',
        energyPrice: 0.25,
        timePrice: 0,
        idlePrice: 0,
      },
      { days: [1, 2, 3, 4, 5], from: '22:00', to: '23:00', energyPrice: 0.3, timePrice: 0, idlePrice: 0 },
    ]);
  });

  it('draws the week: which band applies at each hour of each day', async () => {
    show(aTariff());
    const chart = await screen.findByTestId('tariff-week-chart');
    expect(within(chart).getByTestId('tariff-week-1-00:00').dataset.band).toBe('base');
    expect(within(chart).getByTestId('tariff-week-7-23:00').dataset.band).toBe('0');
    expect(within(chart).queryByTestId('tariff-week-7-22:00')).toBeNull();
  });

  it('shows the fixed cost and the margin per kWh of each rate', async () => {
    show(aTariff());
    expect((await screen.findByTestId('tariff-fixed-cost')).textContent).toBe(
      'Fixed cost per kWh: €0.20 (excl. VAT)',
    );
    const margin = (row: string) =>
      [...screen.getByTestId(row).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(margin('tariff-margin-base')).toEqual(['Base prices', '€0.40', '€0.20', '€0.20']);
    expect(margin('tariff-margin-band')).toEqual(['Band 1', '€0.25', '€0.20', '€0.05']);
  });

  it('keeps the prices to the contract rules before any call', async () => {
    const { requests } = show(null);
    await screen.findByTestId('tariff-empty');
    type('tariff-energyPrice', '0.12345');
    type('tariff-vat-rate', '101');
    fireEvent.click(screen.getByTestId('tariff-save'));
    expect(screen.getByTestId('tariff-energyPrice-message').textContent).toBe('At most 4 decimals');
    expect(screen.getByTestId('tariff-vat-rate-message').textContent).toBe('The VAT rate is at most 100 %');
    expect(saves(requests)).toHaveLength(0);
  });
});
