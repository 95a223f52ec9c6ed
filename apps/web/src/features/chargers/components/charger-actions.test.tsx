import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { closeSessionPath } from '../api/close-session';
import { deleteChargerPath } from '../api/delete-charger';
import { rebootChargerPath } from '../api/reboot-charger';
import { resetPinPath } from '../api/reset-pin';
import { startChargingPath } from '../api/start-charging';
import { stopChargingPath } from '../api/stop-charging';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerActions } from './charger-actions';

function showActions(
  charger = aCharger(),
  {
    loadManagement = false,
    answers = {},
  }: { loadManagement?: boolean; answers?: Parameters<typeof fakeServer>[0] } = {},
) {
  setStationId(7);
  const server = fakeServer(answers);
  const onDeleted = vi.fn();
  const isLoadManagementActive = vi.fn(() => Promise.resolve(loadManagement));
  renderWithHosts(
    <ChargerActions
      charger={charger}
      isLoadManagementActive={isLoadManagementActive}
      onDeleted={onDeleted}
    />,
  );
  return { ...server, onDeleted, isLoadManagementActive };
}

const confirmDialog = () => screen.findByTestId('confirm-dialog');
const paths = (requests: { path: string }[]) => requests.map((request) => request.path);

describe('charger actions', () => {
  it('offers the firmware update only when a newer version is known', () => {
    showActions(aCharger({ newFirmwareVersion: null }));
    expect(screen.queryByTestId('charger-action-firmware')).toBeNull();
    expect(screen.getByTestId('charger-action-reboot')).toBeTruthy();
  });

  it('offers the firmware update when the charger has a new version', () => {
    showActions(aCharger({ newFirmwareVersion: '1.1.0' }));
    expect(screen.getByTestId('charger-action-firmware').textContent).toBe('Update firmware');
  });

  it('starts charging after the confirmation and names the session', async () => {
    const charger = aCharger({ alias: 'Gate' });
    const session = {
      id: 42,
      transactionId: '42',
      chargerId: charger.id,
      connectorId: 1,
      idTag: 'CONSOLE',
      startBy: 'remoteApp',
      status: 'ongoing',
      startTime: '2025-03-01T10:00:00.000Z',
      endTime: null,
      meterStartWh: 0,
      meterStopWh: null,
      energyWh: null,
      stopReason: null,
    };
    const { requests } = showActions(charger, {
      answers: { [startChargingPath]: envelope(200, 'success', session) },
    });
    fireEvent.click(screen.getByTestId('charger-action-start'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe('Start charging on Gate?');
    expect(paths(requests)).toEqual([]);

    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Charging started: session 42');
    expect(requests.map((request) => request.body)).toEqual([{ stationId: 7, chargerId: charger.id }]);
  });

  it('hard resets beside the soft reboot, after its own warning', async () => {
    const charger = aCharger({ alias: 'Gate' });
    const { requests } = showActions(charger, { answers: { [rebootChargerPath]: envelope(200, 'success') } });
    fireEvent.click(screen.getByTestId('charger-action-hard-reset'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toMatch(/^Hard reset Gate\?/);
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    await waitFor(() =>
      expect(requests.map((request) => request.body)).toEqual([
        { stationId: 7, chargerId: charger.id, type: 'Hard' },
      ]),
    );
  });

  it('closes a session stuck on an offline charger, with the reason asked for', async () => {
    const charger = aCharger({
      connected: false,
      status: 'offline',
      ongoingSessions: [
        {
          id: 77,
          transactionId: '77',
          connectorId: 1,
          startTime: '2025-03-01T10:00:00.000Z',
          energyWh: 5000,
          closable: true,
        },
      ],
    });
    const { requests } = showActions(charger, {
      answers: { [closeSessionPath]: envelope(200, 'success', { id: 77 }) },
    });
    expect(screen.getByTestId('charger-action-stop')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('charger-action-close-session'));
    await screen.findByTestId('charger-close-session-dialog');
    fireEvent.click(screen.getByTestId('charger-close-session-submit'));
    expect(await screen.findByText('Enter why the session is closed')).toBeTruthy();
    expect(requests).toHaveLength(0);
    fireEvent.change(screen.getByTestId('charger-close-session-reason'), {
      target: { value: ' Charger lost power ' },
    });
    fireEvent.click(screen.getByTestId('charger-close-session-submit'));
    await waitFor(() =>
      expect(requests.map((request) => request.body)).toEqual([
        { stationId: 7, chargerId: charger.id, sessionId: 77, reason: 'Charger lost power' },
      ]),
    );
    expect(await screen.findByText('Session 77 closed')).toBeTruthy();
  });

  it('does not offer to close a session of a charger that is online', () => {
    showActions(
      aCharger({
        ongoingSessions: [
          {
            id: 77,
            transactionId: '77',
            connectorId: 1,
            startTime: '2025-03-01T10:00:00.000Z',
            energyWh: 0,
            closable: false,
          },
        ],
      }),
    );
    expect(screen.queryByTestId('charger-action-close-session')).toBeNull();
  });

  it('closes a session an online charger forgot, saying the charger no longer runs it', async () => {
    const charger = aCharger({
      alias: 'Gate',
      ongoingSessions: [
        {
          id: 78,
          transactionId: '78',
          connectorId: 1,
          startTime: '2025-03-01T10:00:00.000Z',
          energyWh: 0,
          closable: true,
        },
      ],
    });
    const { requests } = showActions(charger, {
      answers: { [closeSessionPath]: envelope(200, 'success', { id: 78 }) },
    });
    // Online: Stop stays offered (the charger answers for it), and so does closing by hand.
    expect(screen.getByTestId('charger-action-stop')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByTestId('charger-action-close-session'));
    expect((await screen.findByTestId('charger-close-session-explain')).textContent).toContain(
      'Gate is online but no longer runs this session',
    );
    fireEvent.change(screen.getByTestId('charger-close-session-reason'), {
      target: { value: 'Charger rebooted without the stop' },
    });
    fireEvent.click(screen.getByTestId('charger-close-session-submit'));
    await waitFor(() =>
      expect(requests.map((request) => request.body)).toEqual([
        { stationId: 7, chargerId: charger.id, sessionId: 78, reason: 'Charger rebooted without the stop' },
      ]),
    );
    expect(await screen.findByText('Session 78 closed')).toBeTruthy();
  });

  it('offers closing by hand right away when the charger refuses to stop a session it does not know', async () => {
    const charger = aCharger({
      alias: 'Gate',
      ongoingSessions: [
        {
          id: 79,
          transactionId: '79',
          connectorId: 1,
          startTime: '2025-03-01T10:00:00.000Z',
          energyWh: 0,
          closable: false,
        },
      ],
    });
    showActions(charger, {
      answers: {
        [stopChargingPath]: envelope(
          1039,
          'The charger does not know this session: it refused to stop it',
          null,
        ),
      },
    });
    expect(screen.queryByTestId('charger-action-close-session')).toBeNull();
    fireEvent.click(screen.getByTestId('charger-action-stop'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-dialog-ok'));
    await screen.findByTestId('charger-close-session-dialog');
    expect(
      await screen.findByText('The charger refused to stop this session: it does not know it'),
    ).toBeTruthy();
    // Not closable yet (the charger has not shown the connector free): the dialog says what it waits for.
    expect(screen.getByTestId('charger-close-session-explain').textContent).toContain('Gate refused to stop');
    expect(screen.getByTestId('charger-close-session-submit')).toHaveProperty('disabled', true);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { requests } = showActions();
    fireEvent.click(screen.getByTestId('charger-action-reboot'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(requests).toHaveLength(0);
  });

  it('does not stop or start an offline charger', () => {
    showActions(aCharger({ connected: false, status: 'offline' }));
    expect(screen.getByTestId('charger-action-start')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('charger-action-stop')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('charger-action-delete')).toHaveProperty('disabled', false);
  });

  it('does not start a charger whose only connector finished charging, and says to unplug', () => {
    showActions(
      aCharger({
        status: 'chargingComplete',
        connectors: [{ connectorId: 1, status: 'chargingComplete', errorCode: null }],
      }),
    );
    expect(screen.getByTestId('charger-action-start')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('charger-action-start-hint').textContent).toBe(
      'Charging completed, please unplug the cable',
    );
    expect(screen.getByTestId('charger-action-reboot')).toHaveProperty('disabled', false);
  });

  it('does not start a charger whose connector 0 reports it faulted, and says so', () => {
    showActions(
      aCharger({
        status: 'faulted',
        connectors: [
          { connectorId: 0, status: 'faulted', errorCode: 'GroundFailure' },
          { connectorId: 1, status: 'available', errorCode: null },
        ],
      }),
    );
    expect(screen.getByTestId('charger-action-start')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('charger-action-start-hint').textContent).toBe('Device faulted, cannot start');
  });

  it('offers start with no hint while the connector is free', () => {
    showActions(aCharger());
    expect(screen.getByTestId('charger-action-start')).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('charger-action-start-hint')).toBeNull();
  });

  it('blocks deleting with the load-management reminder instead of calling', async () => {
    const { requests, isLoadManagementActive } = showActions(aCharger(), { loadManagement: true });
    fireEvent.click(screen.getByTestId('charger-action-delete'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-dialog-title').textContent).toBe('Reminder');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Load management is active: deactivate it before adding or deleting chargers',
    );
    expect(within(dialog).queryByTestId('confirm-dialog-cancel')).toBeNull();
    expect(isLoadManagementActive).toHaveBeenCalledOnce();
    expect(paths(requests)).not.toContain(deleteChargerPath);
    // The confirm queue is global: answer, so that the next test starts with none pending.
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
  });

  it('deletes after the confirmation when load management is off', async () => {
    const { requests, onDeleted } = showActions(aCharger({ alias: 'Gate' }));
    fireEvent.click(screen.getByTestId('charger-action-delete'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(paths(requests)).toEqual([deleteChargerPath]);
    expect(screen.getByTestId('toast').textContent).toBe('Gate deleted');
  });

  it('shows the new key once, grouped to type by hand, and that the offline charger keeps its old PIN', async () => {
    const pin = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    showActions(aCharger(), {
      answers: { [resetPinPath]: envelope(200, 'success', { pin, delivery: 'offline', delivered: false }) },
    });
    fireEvent.click(screen.getByTestId('charger-action-reset-pin'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('charger-new-pin')).textContent).toBe(pin);
    expect(screen.getByTestId('charger-new-pin-groups').textContent).toBe(
      '0F1E 2D3C 4B5A 6978 8796 A5B4 C3D2 E1F0',
    );
    expect(screen.getByTestId('charger-new-pin-delivered').textContent).toBe(
      'The charger is offline and did not get the new key. Its old PIN still works: when it is back online, reset the PIN again, or type this key into the charger by hand.',
    );
    fireEvent.click(screen.getByTestId('charger-new-pin-close'));
    await waitFor(() => expect(screen.queryByTestId('charger-new-pin')).toBeNull());
  });

  it('says when the charger refused the new key', async () => {
    showActions(aCharger(), {
      answers: {
        [resetPinPath]: envelope(200, 'success', {
          pin: 'ab'.repeat(16),
          delivery: 'refused',
          delivered: false,
        }),
      },
    });
    fireEvent.click(screen.getByTestId('charger-action-reset-pin'));
    fireEvent.click(within(await confirmDialog()).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('charger-new-pin-delivered')).textContent).toMatch(
      /^The charger refused the new key\. It keeps connecting with its old PIN/,
    );
  });

  describe('a charger with two connectors', () => {
    const twoConnectors = (sessionsOn: number[]) =>
      aCharger({
        alias: 'Twin',
        status: 'charging',
        connectors: [
          { connectorId: 0, status: 'available', errorCode: null },
          { connectorId: 1, status: sessionsOn.includes(1) ? 'charging' : 'available', errorCode: null },
          { connectorId: 2, status: sessionsOn.includes(2) ? 'charging' : 'available', errorCode: null },
        ],
        ongoingSessions: sessionsOn.map((connectorId) => ({
          id: 40 + connectorId,
          transactionId: String(40 + connectorId),
          connectorId,
          startTime: '2025-03-01T10:00:00.000Z',
          energyWh: 1000,
          closable: false,
        })),
      });
    const aSession = (id: number, connectorId: number) => ({
      id,
      transactionId: String(id),
      chargerId: 1,
      connectorId,
      idTag: 'CONSOLE',
      startBy: 'remoteApp',
      status: 'ongoing',
      startTime: '2025-03-01T10:00:00.000Z',
      endTime: null,
      meterStartWh: 0,
      meterStopWh: null,
      energyWh: 0,
      stopReason: null,
    });

    /** Start, in the dialog connector 1 cannot be chosen and 2 is; the start goes to connector 2. */
    const startsOnConnector2 = async (
      requests: { body: Record<string, unknown> }[],
      chargerId: number,
      session: number,
    ) => {
      fireEvent.click(screen.getByTestId('charger-action-start'));
      const dialog = await screen.findByTestId('charger-choose-start');
      expect(within(dialog).getByTestId('connector-choice-1').querySelector('input')).toHaveProperty(
        'disabled',
        true,
      );
      expect(within(dialog).getByTestId('connector-choice-2').querySelector('input')).toHaveProperty(
        'checked',
        true,
      );
      fireEvent.click(within(dialog).getByTestId('connector-choice-ok'));
      expect(await screen.findByText(`Charging started: session ${session}`)).toBeTruthy();
      expect(requests.map((request) => request.body)).toEqual([{ stationId: 7, chargerId, connectorId: 2 }]);
    };

    it('starts on the connector chosen; the one charging cannot be chosen', async () => {
      const charger = twoConnectors([1]);
      const { requests } = showActions(charger, {
        answers: { [startChargingPath]: envelope(200, 'success', aSession(43, 2)) },
      });
      await startsOnConnector2(requests, charger.id, 43);
    });

    it('starts on the available connector when the other one finished charging', async () => {
      const charger = aCharger({
        alias: 'Twin',
        status: 'chargingComplete',
        connectors: [
          { connectorId: 1, status: 'chargingComplete', errorCode: null },
          { connectorId: 2, status: 'available', errorCode: null },
        ],
      });
      const { requests } = showActions(charger, {
        answers: { [startChargingPath]: envelope(200, 'success', aSession(44, 2)) },
      });
      expect(screen.getByTestId('charger-action-start')).toHaveProperty('disabled', false);
      expect(screen.queryByTestId('charger-action-start-hint')).toBeNull();
      await startsOnConnector2(requests, charger.id, 44);
    });

    it('does not start when no connector can, saying why in general', () => {
      showActions(
        aCharger({
          connectors: [
            { connectorId: 1, status: 'chargingComplete', errorCode: null },
            { connectorId: 2, status: 'unavailable', errorCode: null },
          ],
        }),
      );
      expect(screen.getByTestId('charger-action-start')).toHaveProperty('disabled', true);
      expect(screen.getByTestId('charger-action-start-hint').textContent).toBe(
        'No connector can start charging now',
      );
    });

    it('stops the session chosen among those ongoing', async () => {
      const charger = twoConnectors([1, 2]);
      const { requests } = showActions(charger, {
        answers: { [stopChargingPath]: envelope(200, 'success', { ...aSession(42, 2), status: 'complete' }) },
      });
      expect(screen.getByTestId('charger-action-start')).toHaveProperty('disabled', true);
      fireEvent.click(screen.getByTestId('charger-action-stop'));
      const dialog = await screen.findByTestId('charger-choose-stop');
      expect(dialog.textContent).toContain('Connector 2: session 42');
      fireEvent.click(within(dialog).getByTestId('connector-choice-42'));
      fireEvent.click(within(dialog).getByTestId('connector-choice-ok'));
      await waitFor(() =>
        expect(requests.map((request) => request.body)).toEqual([
          { stationId: 7, chargerId: charger.id, sessionId: 42 },
        ]),
      );
    });
  });
});
