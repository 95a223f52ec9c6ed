import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog';
import { setStationId } from '../../../lib/storage';
import { chooseOption } from '../../../testing/choose-option';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { extendedTriggerMessagePath } from '../api/extended-trigger-message';
import { ExtendedTriggerCard } from './extended-trigger-card';

function renderCard(connected = true) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ExtendedTriggerCard chargerId={3} name="Gate" connected={connected} connectorIds={[1, 2]} />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
}

describe('extended trigger message', () => {
  it('asks first, sends the message for one connector and shows what the charger answered', async () => {
    setStationId(7);
    const { requests } = fakeServer({
      [extendedTriggerMessagePath]: envelope(200, 'success', { status: 'Rejected' }),
    });
    renderCard();
    await chooseOption('extended-trigger-message', 'MeterValues');
    await chooseOption('extended-trigger-connector', 'Connector 2');
    fireEvent.click(screen.getByTestId('extended-trigger-send'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Ask Gate to send MeterValues now?',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('extended-trigger-answer')).textContent).toBe(
      'MeterValues: the charger answered Rejected',
    );
    expect(requests.map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, requestedMessage: 'MeterValues', connectorId: 2 },
    ]);
  });

  it('offers the seven messages of the security extension, the firmware status first, without a connector', async () => {
    setStationId(7);
    const { requests } = fakeServer({
      [extendedTriggerMessagePath]: envelope(200, 'success', { status: 'NotImplemented' }),
    });
    renderCard();
    expect(screen.queryByTestId('extended-trigger-connector')).toBeNull();
    fireEvent.mouseDown(screen.getByTestId('extended-trigger-message').previousElementSibling as Element);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'BootNotification',
      'LogStatusNotification',
      'FirmwareStatusNotification',
      'Heartbeat',
      'MeterValues',
      'SignChargePointCertificate',
      'StatusNotification',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'SignChargePointCertificate' }));
    fireEvent.click(screen.getByTestId('extended-trigger-send'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('extended-trigger-answer')).textContent).toBe(
      'SignChargePointCertificate: the charger answered Not implemented',
    );
    expect(requests.map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, requestedMessage: 'SignChargePointCertificate' },
    ]);
  });

  it('cannot be sent to a charger that is offline', () => {
    renderCard(false);
    expect(screen.getByTestId<HTMLButtonElement>('extended-trigger-send').disabled).toBe(true);
  });
});
