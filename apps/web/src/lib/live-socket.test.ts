import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, withFakeWebSocket } from '../testing/fake-web-socket';
import {
  liveSocketUrl,
  openReconnectingSocket,
  retryDelay,
  type LiveSocketState,
  type ReconnectingSocketOptions,
} from './live-socket';

type Message = { type: string; n?: number };
// Reads only the message types this test knows, as a contract schema would.
const messages: ReconnectingSocketOptions<Message>['messages'] = {
  safeParse: (value) => {
    const message = value as Message;
    return message.type === 'ready' || message.type === 'tick'
      ? { success: true, data: message }
      : { success: false };
  },
};

function open() {
  const received: Message[] = [];
  const states: LiveSocketState[] = [];
  const refused: { code: number; reason: string }[] = [];
  let hellos = 0;
  const connection = openReconnectingSocket({
    url: 'ws://console.test/cms-system/live',
    hello: () => ({ hello: ++hellos }),
    messages,
    retryDelays: { firstMs: 500, maxMs: 3000 },
    isFinal: (event) => event.code === 4401,
    onMessage: (message) => received.push(message),
    onState: (state) => states.push(state),
    onRefused: (event) => refused.push({ code: event.code, reason: event.reason }),
    closeReason: 'Screen closed',
  });
  return { connection, received, states, refused };
}

describe('reconnecting live socket', () => {
  withFakeWebSocket();

  it('lives on the same origin as the console, over wss when the page is https', () => {
    expect(liveSocketUrl('https://cms.example.com/chargeList?status=charging')).toBe(
      'wss://cms.example.com/cms-system/live',
    );
    expect(liveSocketUrl('http://127.0.0.1:8080/display/abc')).toBe('ws://127.0.0.1:8080/cms-system/live');
  });

  it('doubles the wait between tries up to its ceiling', () => {
    const delays = { firstMs: 500, maxMs: 5000 };
    expect([0, 1, 2, 3, 4, 10].map((attempt) => retryDelay(delays, attempt))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('says hello on open, is live once ready, and ignores what it cannot read', () => {
    const { received, states } = open();
    const socket = FakeWebSocket.latest();
    socket.open();
    expect(socket.sent).toEqual([JSON.stringify({ hello: 1 })]);
    socket.push({ type: 'ready' });
    socket.push({ type: 'something.new' });
    socket.onmessage?.({ data: 'not json' });
    socket.push({ type: 'tick', n: 1 });
    expect(received).toEqual([{ type: 'ready' }, { type: 'tick', n: 1 }]);
    expect(states).toEqual(['connecting', 'live']);
  });

  it('reconnects after a drop, waiting longer each time, says hello again, and starts over once live', () => {
    const { states } = open();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    expect(states.at(-1)).toBe('retrying');
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    // Subscribes again: the new socket sends a hello made afresh.
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent).toEqual([JSON.stringify({ hello: 2 })]);
    FakeWebSocket.latest().push({ type: 'ready' });
    expect(states.at(-1)).toBe('live');
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(states.at(-1)).toBe('retrying');
  });

  it('gives up on a final close and says why', () => {
    const { refused, states } = open();
    FakeWebSocket.latest().drop(4401, '5003');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(refused).toEqual([{ code: 4401, reason: '5003' }]);
    expect(states.at(-1)).toBe('stopped');
  });

  it('closes for good when the page closes it', () => {
    const { connection } = open();
    const socket = FakeWebSocket.latest();
    socket.drop();
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    const second = open();
    const live = FakeWebSocket.latest();
    second.connection.close();
    expect(live.closedByPage).toEqual({ code: 1000, reason: 'Screen closed' });
    live.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
