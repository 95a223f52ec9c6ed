import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '@plugboard/contract';
import type { AppEvents, EventName } from '../../lib/event-bus.ts';
import { eventDispatcher } from '../../lib/event-dispatcher.ts';
import { liveHub } from './live-hub.ts';

const log = { error: vi.fn() } as never;
const reading = (energyWh: number): AppEvents['meter.values'] => ({
  stationId: 1,
  chargerId: 7,
  connectorId: 1,
  sessionId: 3,
  readings: [{ sampledAt: new Date().toISOString(), energyWh, powerW: 11_000, currents: [16, 16, 16] }],
});
const status = (status: 'charging' | 'faulted'): AppEvents['charger.status'] => ({
  stationId: 1,
  chargerId: 7,
  productCode: 'E07',
  status,
  connected: true,
  errorCode: null,
  firmwareStatus: null,
});

afterEach(() => {
  vi.useRealTimers();
});

let ids = 0;
/** The bus of one node, and a way to deliver an event to it as its listener would. */
function aBus() {
  const bus = eventDispatcher();
  const publish = <E extends EventName>(type: E, payload: AppEvents[E]) =>
    bus.dispatch({
      id: String(++ids),
      type,
      version: 1,
      occurredAt: new Date().toISOString(),
      stationId: payload.stationId,
      payload,
    });
  return { subscribe: bus.subscribe, publish };
}

function aHub() {
  const events = aBus();
  const findCharger = vi.fn(() => Promise.resolve(null));
  const hub = liveHub({ events, findCharger, log });
  const received: LiveMessage[] = [];
  hub.watch(1, (m) => received.push(m));
  return { events, hub, received, findCharger };
}

describe('the live hub', () => {
  it('sends at most one meter reading per charger a second: the first at once, then the latest', async () => {
    vi.useFakeTimers();
    const { events, received } = aHub();
    for (const wh of [100, 200, 300, 400]) events.publish('meter.values', reading(wh));
    await vi.advanceTimersByTimeAsync(0);
    expect(received.map((m) => m.type === 'meter.values' && m.energyWh)).toEqual([100]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(received.map((m) => m.type === 'meter.values' && m.energyWh)).toEqual([100, 400]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(received).toHaveLength(2);
  });

  it('folds statuses that arrive while the charger is read into one more message with the latest', async () => {
    const { events, received, findCharger } = aHub();
    events.publish('charger.status', status('charging'));
    events.publish('charger.status', status('faulted'));
    events.publish('charger.status', status('charging'));
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received.map((m) => m.type === 'charger.status' && m.status)).toEqual(['charging', 'charging']);
    expect(findCharger).toHaveBeenCalledTimes(2);
  });

  it('sends nothing of a site nobody watches, and nothing after the watcher leaves', async () => {
    const events = aBus();
    const findCharger = vi.fn(() => Promise.resolve(null));
    const hub = liveHub({ events, findCharger, log });
    const received: LiveMessage[] = [];
    const leave = hub.watch(2, (m) => received.push(m));
    events.publish('charger.status', status('faulted')); // site 1
    leave();
    events.publish('charger.status', { ...status('faulted'), stationId: 2 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received).toEqual([]);
    expect(findCharger).not.toHaveBeenCalled();
  });
});
