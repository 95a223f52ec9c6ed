import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog';
import { NotificationHost } from '../../../components/ui/notifications';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { changeConfigurationPath } from '../api/change-configuration';
import { configurationPath } from '../api/get-configuration';
import { ConfigurationTable } from './configuration-table';

function show(connected = true) {
  setStationId(7);
  const server = fakeServer({
    [configurationPath]: envelope(200, 'success', {
      keys: [
        { key: 'HeartbeatInterval', readonly: false, value: '60' },
        { key: 'NumberOfConnectors', readonly: true, value: '2' },
      ],
      unknownKeys: ['NoSuchKey'],
    }),
    [changeConfigurationPath]: envelope(200, 'success', { status: 'RebootRequired' }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigurationTable chargerId={3} name="Gate" connected={connected} />
      <ConfirmDialogHost />
      <NotificationHost />
    </QueryClientProvider>,
  );
  return server;
}

describe('configuration table', () => {
  it('reads the keys asked for, marks read-only ones and lists the unknown ones', async () => {
    const { requests } = show();
    fireEvent.change(screen.getByTestId('configuration-keys'), {
      target: { value: 'HeartbeatInterval, NumberOfConnectors NoSuchKey' },
    });
    fireEvent.click(screen.getByTestId('configuration-read'));
    const rows = await screen.findAllByTestId('configuration-row');
    expect(rows.map((row) => row.dataset.key)).toEqual(['HeartbeatInterval', 'NumberOfConnectors']);
    expect(within(rows[1]!).getByTestId('configuration-readonly').textContent).toBe('Read-only');
    expect(within(rows[1]!).queryByTestId('configuration-edit')).toBeNull();
    expect(screen.getByTestId('configuration-unknown').textContent).toBe('Unknown to the charger: NoSuchKey');
    expect(requests.find((r) => r.path === configurationPath)?.body).toMatchObject({
      chargerId: 3,
      keys: ['HeartbeatInterval', 'NumberOfConnectors', 'NoSuchKey'],
    });
  });

  it('changes a key after the confirmation and shows the charger answer beside it', async () => {
    const { requests } = show();
    fireEvent.click(screen.getByTestId('configuration-read'));
    const [row] = await screen.findAllByTestId('configuration-row');
    fireEvent.click(within(row!).getByTestId('configuration-edit'));
    fireEvent.change(screen.getByTestId('configuration-value-input'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('configuration-save'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Set HeartbeatInterval to "300" on Gate?',
    );
    expect(requests.some((r) => r.path === changeConfigurationPath)).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    await waitFor(() =>
      expect(within(row!).getByTestId('configuration-answer').textContent).toBe(
        'Accepted, from the next reboot',
      ),
    );
    expect(requests.find((r) => r.path === changeConfigurationPath)?.body).toEqual({
      stationId: 7,
      chargerId: 3,
      key: 'HeartbeatInterval',
      value: '300',
    });
  });

  it('cannot read an offline charger', () => {
    show(false);
    expect(screen.getByTestId('configuration-read')).toHaveProperty('disabled', true);
  });
});
