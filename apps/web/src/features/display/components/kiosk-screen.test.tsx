import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { livePath, signRequest, type DisplayBoard, type DisplayMessage } from '@plugboard/contract';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { displayBoardPath } from '../api/display-connection';
import { KioskScreen } from './kiosk-screen';

const token = 'dsp_test-token';

const board: DisplayBoard = {
  stationId: 7,
  siteName: 'Depot Noord',
  timeZone: 'Europe/Amsterdam',
  capacityW: 22_000,
  phases: 1,
  capacityL1: 32,
  capacityL2: null,
  capacityL3: null,
  noticeHtml: '<p>Welcome <strong>drivers</strong><img src=x onerror=alert(1)></p>',
  tiles: [1, 2, 3].map((id) => ({
    chargerId: id,
    name: `Bay ${id}`,
    status: 'available' as const,
    connected: true,
    errorCode: null,
    powerW: null,
    currentL1: null,
    currentL2: null,
    currentL3: null,
    session: null,
  })),
};

/** A WebSocket the test drives: it records what the page sends and lets the test answer or drop it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  receive(message: DisplayMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  drop(code = 1006, reason = '') {
    act(() => this.onclose?.({ code, reason }));
  }
}

const lastSocket = () => FakeSocket.all.at(-1)!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

async function showBoard() {
  const server = fakeServer({ [displayBoardPath]: envelope(200, 'success', board) });
  render(<KioskScreen hash={`#${token}`} />);
  await screen.findByTestId('display-board');
  await waitFor(() => expect(lastSocket().sent).toHaveLength(1));
  lastSocket().receive({ type: 'ready', stationId: 7 });
  await waitFor(() => expect(screen.getByTestId('display-board').dataset.state).toBe('live'));
  return server;
}

describe('the kiosk display', () => {
  it('shows a notice saved in the editor at once: notice.changed reads the board again', async () => {
    const answers = { [displayBoardPath]: envelope(200, 'success', board) };
    const server = fakeServer(answers);
    render(<KioskScreen hash={`#${token}`} />);
    await screen.findByTestId('display-board');
    await waitFor(() => expect(lastSocket().sent).toHaveLength(1));
    lastSocket().receive({ type: 'ready', stationId: 7 });
    await waitFor(() => expect(screen.getByTestId('display-board').dataset.state).toBe('live'));
    const reads = () => server.requests.filter((r) => r.path === displayBoardPath).length;
    await waitFor(() => expect(reads()).toBe(2)); // the first read, and the one after ready
    answers[displayBoardPath] = envelope(200, 'success', { ...board, noticeHtml: '<p>Closed on Sunday</p>' });
    lastSocket().receive({ type: 'notice.changed' });
    await waitFor(() => expect(screen.getByTestId('display-notice').textContent).toBe('Closed on Sunday'));
    expect(reads()).toBe(3);
  });

  it('reads the board with the display token, no login, and says hello with it on the live socket', async () => {
    const server = await showBoard();
    const read = server.requests.find((r) => r.path === displayBoardPath)!;
    expect(read.headers['x-token']).toBe(token);
    const hello = JSON.parse(lastSocket().sent[0]!) as Record<string, string | number>;
    expect(hello).toMatchObject({ token, stationId: 7 });
    expect(hello.signature).toBe(signRequest(livePath, String(hello.timestamp), token));
    expect(screen.getByTestId('display-site-name').textContent).toBe('Depot Noord');
    expect(screen.getAllByTestId(/^display-tile-\d+$/)).toHaveLength(3);
    // The notice is rendered through the allow-list: its image with a handler is not.
    const notice = screen.getByTestId('display-notice');
    expect(within(notice).getByText('drivers').tagName).toBe('STRONG');
    expect(notice.querySelector('img')).toBeNull();
  });

  it('follows a session live and shows up to three notifications at once', async () => {
    await showBoard();
    const socket = lastSocket();
    socket.receive({ type: 'session.started', chargerId: 1, startTime: new Date().toISOString() });
    socket.receive({
      type: 'tile',
      chargerId: 1,
      tile: {
        ...board.tiles[0]!,
        status: 'charging',
        session: { startTime: new Date().toISOString(), energyWh: 500 },
        powerW: 7400,
      },
    });
    expect(screen.getByTestId('display-tile-1').dataset.status).toBe('charging');
    expect(screen.getByTestId('display-tile-power-1').textContent).toBe('7.4kW');
    expect(screen.getByTestId('display-tile-energy-1').textContent).toBe('0.50kWh');
    expect(screen.getByTestId('display-site-power').dataset.power).toBe('7400');
    socket.receive({ type: 'session.started', chargerId: 2, startTime: new Date().toISOString() });
    socket.receive({ type: 'session.started', chargerId: 3, startTime: new Date().toISOString() });
    socket.receive({ type: 'session.stopped', chargerId: 1, energyWh: 8100 });
    const shown = screen.getAllByTestId('display-notification');
    expect(shown.map((n) => n.textContent)).toEqual([
      'Charging started at Bay 1',
      'Charging started at Bay 2',
      'Charging started at Bay 3',
    ]);
  });

  it('shows a charger that went offline during a session as offline, its energy so far and no power', async () => {
    await showBoard();
    const socket = lastSocket();
    const session = { startTime: new Date().toISOString(), energyWh: 3200 };
    socket.receive({
      type: 'tile',
      chargerId: 1,
      tile: { ...board.tiles[0]!, status: 'charging', session, powerW: 11_000 },
    });
    expect(screen.getByTestId('display-site-power').dataset.power).toBe('11000');
    // Its socket goes; even a change that says nothing of power must not keep the last reading on show.
    const { powerW: _unsaid, ...offline } = {
      ...board.tiles[0]!,
      status: 'offline' as const,
      connected: false,
      session,
    };
    socket.receive({ type: 'tile', chargerId: 1, tile: offline });
    expect(screen.getByTestId('display-tile-1').dataset.status).toBe('offline');
    expect(screen.getByTestId('display-tile-status-1').textContent).toBe('Offline');
    expect(screen.getByTestId('display-tile-power-1').dataset.power).toBe('');
    expect(screen.getByTestId('display-tile-power-1').textContent).not.toContain('11');
    expect(screen.getByTestId('display-tile-energy-1').textContent).toBe('3.20kWh');
    expect(screen.getByTestId('display-site-power').dataset.power).toBe('0');
  });

  it('keeps the board on show while it reconnects by itself, and says so', async () => {
    await showBoard();
    const first = lastSocket();
    first.drop();
    expect(screen.getByTestId('display-board').dataset.state).toBe('reconnecting');
    expect(screen.getByTestId('display-connection').textContent).toBe('Reconnecting…');
    expect(screen.getAllByTestId(/^display-tile-\d+$/)).toHaveLength(3);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(lastSocket().sent).toHaveLength(1));
    lastSocket().receive({ type: 'ready', stationId: 7 });
    await waitFor(() => expect(screen.getByTestId('display-board').dataset.state).toBe('live'));
  });

  it('says that a revoked link is refused, from the socket or the board call', async () => {
    await showBoard();
    lastSocket().drop(4401, '5003');
    await screen.findByTestId('display-refused');
    expect(screen.queryByTestId('display-board')).toBeNull();
  });

  it('refuses a link the board call does not know, and a kiosk URL without a token', async () => {
    fakeServer({ [displayBoardPath]: envelope(5003, 'Your session has ended, please log in again') });
    const { unmount } = render(<KioskScreen hash={`#${token}`} />);
    await screen.findByTestId('display-refused');
    expect(FakeSocket.all).toHaveLength(0);
    unmount();
    render(<KioskScreen hash="" />);
    await screen.findByTestId('display-refused');
  });
});
