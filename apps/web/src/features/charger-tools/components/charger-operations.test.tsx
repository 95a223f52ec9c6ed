import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { triggerMessagePath } from '../api/trigger-message';
import { ChargerOperations } from './charger-operations';

function renderOperations(connected = true) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ChargerOperations chargerId={3} name="Gate" connected={connected} connectorIds={[1, 2]} />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
}

/** Picks an option of a MUI select by its text. */
async function choose(testId: string, option: string) {
  fireEvent.mouseDown(screen.getByTestId(testId).previousElementSibling as Element);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('trigger message among the operations', () => {
  it('asks first, sends the message for one connector and shows the answer above the cards', async () => {
    setStationId(7);
    const { requests } = fakeServer({
      [triggerMessagePath]: envelope(200, 'success', { status: 'Accepted' }),
    });
    renderOperations();
    expect(screen.getByTestId<HTMLInputElement>('trigger-message').value).toBe('StatusNotification');
    await choose('trigger-message', 'MeterValues');
    await choose('trigger-connector', 'Connector 2');
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
    setStationId(7);
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
