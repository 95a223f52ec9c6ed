import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '../../../testing/choose-option';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { renderWithHosts } from '../../../testing/render-with-hosts';
import { triggerMessagePath } from '../api/trigger-message';
import { ChargerOperations } from './charger-operations';

const renderOperations = (connected = true) =>
  renderWithHosts(
    <ChargerOperations chargerId={3} name="Gate" connected={connected} connectorIds={[1, 2]} />,
  );

describe('trigger message among the operations', () => {
  it('asks first, sends the message for one connector and shows the answer above the cards', async () => {
    const { requests } = fakeServer({
      [triggerMessagePath]: envelope(200, 'success', { status: 'Accepted' }),
    });
    renderOperations();
    expect(screen.getByTestId<HTMLInputElement>('trigger-message').value).toBe('StatusNotification');
    await chooseOption('trigger-message', 'MeterValues');
    await chooseOption('trigger-connector', 'Connector 2');
    fireEvent.click(screen.getByTestId('trigger-send'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Ask Gate to send MeterValues now?',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('operation-answer')).textContent).toBe(
      'Trigger message: the charger answered Accepted',
    );
    expect(requests.map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, requestedMessage: 'MeterValues', connectorId: 2 },
    ]);
  });

  it('offers the messages of OCPP 1.6, all connectors unless one is chosen, and no connector for the others', async () => {
    const { requests } = fakeServer({
      [triggerMessagePath]: envelope(200, 'success', { status: 'Rejected' }),
    });
    renderOperations();
    expect(screen.getByTestId<HTMLInputElement>('trigger-connector').value).toBe('');
    fireEvent.mouseDown(screen.getByTestId('trigger-message').previousElementSibling as Element);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'BootNotification',
      'DiagnosticsStatusNotification',
      'FirmwareStatusNotification',
      'Heartbeat',
      'MeterValues',
      'StatusNotification',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Heartbeat' }));
    expect(screen.queryByTestId('trigger-connector')).toBeNull();
    fireEvent.click(screen.getByTestId('trigger-send'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('operation-answer')).textContent).toBe(
      'Trigger message: the charger answered Rejected',
    );
    expect(requests.map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, requestedMessage: 'Heartbeat' },
    ]);
  });

  it('cannot be sent to a charger that is offline', () => {
    renderOperations(false);
    expect(screen.getByTestId<HTMLButtonElement>('trigger-send').disabled).toBe(true);
  });
});
