import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { cancelReservationPath } from '../api/cancel-reservation';
import { reservationsPath } from '../api/get-reservations';
import { reserveConnectorPath } from '../api/reserve-connector';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerReservations } from './charger-reservations';

const site = { '/cms-system/system/station/v2/detail': envelope(200, 'success', { timeZone: 'Asia/Tokyo' }) };
const reservation = {
  id: 41,
  chargerId: 500,
  connectorId: 1,
  idTag: 'CARD0001',
  expiryDate: '2099-06-01T03:30:00.000Z',
  createdAt: '2099-06-01T01:00:00.000Z',
};

describe("a charger's reservations", () => {
  it("lists them in the site's time zone and cancels one after confirming, with the charger's answer", async () => {
    setStationId(7);
    const { requests } = fakeServer({
      ...site,
      [reservationsPath]: envelope(200, 'success', { list: [reservation] }),
      [cancelReservationPath]: envelope(200, 'success', { status: 'Rejected' }),
    });
    renderWithHosts(<ChargerReservations charger={aCharger({ id: 500, alias: 'Gate', connected: true })} />);
    // 03:30 UTC is 12:30 in Tokyo.
    await waitFor(() =>
      expect(screen.getByTestId('charger-reservation').textContent).toMatch(
        /^Connector 1 · card CARD0001 · until .*12:30:00/,
      ),
    );
    fireEvent.click(screen.getByTestId('charger-reservation-cancel'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Cancel the reservation of Connector 1 of Gate for card CARD0001?',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'The charger no longer held this reservation; it has ended',
    );
    expect(requests.filter((r) => r.path === cancelReservationPath).map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 500, reservationId: 41 },
    ]);
  });

  it("reserves a connector until a time on the site's wall clock, and shows a refusal", async () => {
    setStationId(7);
    const { requests } = fakeServer({
      ...site,
      [reservationsPath]: envelope(200, 'success', { list: [] }),
      [reserveConnectorPath]: envelope(200, 'success', { status: 'Occupied', reservation: null }),
    });
    const charger = aCharger({
      id: 501,
      alias: 'Gate',
      connected: true,
      connectors: [
        { connectorId: 1, status: 'available', errorCode: null },
        { connectorId: 2, status: 'charging', errorCode: null },
      ],
    });
    renderWithHosts(<ChargerReservations charger={charger} />);
    await screen.findByTestId('charger-reservations-none');
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('station/v2/detail'))).toBe(true));
    fireEvent.click(screen.getByTestId('charger-reserve'));
    const form = await screen.findByTestId('reserve-dialog');
    fireEvent.click(within(form).getByTestId('reserve-submit'));
    expect(await within(form).findByText('Enter the card ID')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('reserve-card'), { target: { value: 'CARD0001' } });
    fireEvent.change(within(form).getByTestId('reserve-until'), { target: { value: '2099-06-01T12:30' } });
    fireEvent.click(within(form).getByTestId('reserve-submit'));
    const confirmDialog = await screen.findByTestId('confirm-dialog');
    expect(within(confirmDialog).getByTestId('confirm-dialog-content').textContent).toMatch(
      /^Reserve Any connector of Gate for card CARD0001 until .*12:30:00 PM\?$/,
    );
    fireEvent.click(within(confirmDialog).getByTestId('confirm-dialog-ok'));
    // The toasts queue across tests: the answer is found among them.
    expect(await screen.findByText('The charger refused: the connector is in use or reserved')).toBeTruthy();
    expect(requests.filter((r) => r.path === reserveConnectorPath).map((r) => r.body)).toEqual([
      {
        stationId: 7,
        chargerId: 501,
        connectorId: 0,
        idTag: 'CARD0001',
        expiryDate: '2099-06-01T03:30:00.000Z',
      },
    ]);
  });
});
