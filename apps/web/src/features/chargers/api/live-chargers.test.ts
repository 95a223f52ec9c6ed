import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { livePath, signRequest } from '@plugboard/contract';
import { setToken } from '../../../lib/storage';
import { FakeWebSocket } from '../testing';
import { liveUrl, openLiveSocket, type LiveState } from './live-chargers';

function open() {
  const messages: unknown[] = [];
  const states: LiveState[] = [];
  const refused: number[] = [];
  const connection = openLiveSocket({
    url: 'ws://console.test/cms-system/live',
    stationId: 7,
    onMessage: (message) => messages.push(message),
    onState: (state) => states.push(state),
    onRefused: (code) => refused.push(code),
  });
  return { connection, messages, states, refused };
}

describe('live socket', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.useFakeTimers();
    setToken('session-token');
  });
  afterEach(() => vi.useRealTimers());

  it('lives on the same origin as the console, over wss when the page is https', () => {
    expect(liveUrl('https://cms.example.com/chargeList?status=charging')).toBe(
      'wss://cms.example.com/cms-system/live',
    );
    expect(liveUrl('http://127.0.0.1:8080/chargeList')).toBe('ws://127.0.0.1:8080/cms-system/live');
  });

  it('says hello with a signed token and hands on what the server pushes', () => {
    vi.setSystemTime(new Date('2025-03-01T10:00:00.000Z'));
    const { messages, states } = open();
    const socket = FakeWebSocket.latest();
    socket.open();
    const timestamp = String(Date.parse('2025-03-01T10:00:00.000Z'));
    expect(socket.sent.map((text) => JSON.parse(text) as unknown)).toEqual([
      {
        token: 'session-token',
        timestamp,
        signature: signRequest(livePath, timestamp, 'session-token'),
        stationId: 7,
      },
    ]);
    socket.push({ type: 'ready', stationId: 7 });
    socket.push({ type: 'something.new', stationId: 7 });
    expect(messages).toEqual([{ type: 'ready', stationId: 7 }]);
    expect(states).toEqual(['connecting', 'live']);
  });

  it('reconnects after a drop, waiting longer each time, and starts over once live again', () => {
    const { states } = open();
    FakeWebSocket.latest().drop();
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    FakeWebSocket.latest().push({ type: 'ready', stationId: 7 });
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(states.at(-1)).toBe('retrying');
  });

  it('gives up when the session has ended, passing the code on', () => {
    const { refused, states } = open();
    FakeWebSocket.latest().drop(4401, '5003');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(refused).toEqual([5003]);
    expect(states.at(-1)).toBe('stopped');
  });

  it('closes for good when the screen goes away', () => {
    const { connection } = open();
    const socket = FakeWebSocket.latest();
    connection.close();
    expect(socket.closedByPage).toEqual({ code: 1000, reason: 'Screen closed' });
    socket.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
