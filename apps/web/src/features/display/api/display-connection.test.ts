import { describe, expect, it, vi } from 'vitest';
import { livePath, signRequest } from '@plugboard/contract';
import type { LiveSocketState } from '../../../lib/live-socket';
import { FakeWebSocket, withFakeWebSocket } from '../../../testing/fake-web-socket';
import { openDisplaySocket } from './display-connection';

function open() {
  const states: LiveSocketState[] = [];
  let refused = 0;
  const connection = openDisplaySocket({
    url: 'ws://board.test/cms-system/live',
    token: 'display-token',
    stationId: 3,
    onMessage: () => undefined,
    onState: (state) => states.push(state),
    onRefused: () => (refused += 1),
  });
  return { connection, states, refused: () => refused };
}

describe("a display's live socket", () => {
  withFakeWebSocket();

  it('says hello signed with the display token, again after each reconnect', () => {
    vi.setSystemTime(new Date('2026-05-01T08:00:00.000Z'));
    const { states } = open();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().push({ type: 'ready', stationId: 3 });
    FakeWebSocket.latest().drop();
    expect(states).toEqual(['connecting', 'live', 'retrying']);
    vi.advanceTimersByTime(500);
    FakeWebSocket.latest().open();
    const timestamp = String(Date.now());
    expect(FakeWebSocket.latest().sent.map((text) => JSON.parse(text) as unknown)).toEqual([
      {
        token: 'display-token',
        stationId: 3,
        timestamp,
        signature: signRequest(livePath, timestamp, 'display-token'),
      },
    ]);
  });

  it('tries again when the clock was off (419), and stops for a revoked link', () => {
    const { states, refused } = open();
    FakeWebSocket.latest().drop(4401, '419');
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(refused()).toBe(0);

    FakeWebSocket.latest().drop(4401, '5003');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(refused()).toBe(1);
    expect(states.at(-1)).toBe('stopped');
  });

  it('waits at most 5 s between tries while the server is away', () => {
    open();
    for (let i = 0; i < 6; i++) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(5000);
    }
    expect(FakeWebSocket.instances).toHaveLength(7);
  });
});
