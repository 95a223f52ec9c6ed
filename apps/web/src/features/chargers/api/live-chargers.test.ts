import { beforeEach, describe, expect, it, vi } from 'vitest';
import { livePath, signRequest } from '@plugboard/contract';
import { setToken } from '../../../lib/storage';
import { FakeWebSocket, withFakeWebSocket } from '../../../testing/fake-web-socket';
import { openLiveSocket, type LiveState } from './live-chargers';

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

describe("the chargers' live socket", () => {
  withFakeWebSocket();
  beforeEach(() => setToken('session-token'));

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

  it('gives up when the session has ended, passing the code on', () => {
    const { refused, states } = open();
    FakeWebSocket.latest().drop(4401, '5003');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(refused).toEqual([5003]);
    expect(states.at(-1)).toBe('stopped');
  });
});
