import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from './event-bus.ts';
import { eventDispatcher } from './event-dispatcher.ts';

const aChange = (id: number, stationId = 1): EventEnvelope<'charger.changed'> => ({
  id: String(id),
  type: 'charger.changed',
  version: 1,
  occurredAt: new Date().toISOString(),
  stationId,
  payload: { stationId, chargerId: id, change: 'updated' },
});

describe('the event dispatcher', () => {
  it('drops an event delivered among the last 10,000, and delivers an older one again', () => {
    const dispatcher = eventDispatcher();
    const seen: number[] = [];
    dispatcher.subscribe('charger.changed', (e) => seen.push(e.chargerId));
    for (let id = 1; id <= 10_000; id++) dispatcher.dispatch(aChange(id));
    dispatcher.dispatch(aChange(1));
    dispatcher.dispatch(aChange(10_000));
    expect(seen).toHaveLength(10_000);
    dispatcher.dispatch(aChange(10_001)); // 1 is now the 10,001st last: forgotten
    dispatcher.dispatch(aChange(1));
    dispatcher.dispatch(aChange(10_001));
    expect(seen.slice(10_000)).toEqual([10_001, 1]);
  });

  it('gives a subscriber with a filter only the events it accepts, and says which events it wants', () => {
    const dispatcher = eventDispatcher();
    const seen: number[] = [];
    dispatcher.subscribe(
      'charger.changed',
      (e) => seen.push(e.chargerId),
      (site, charger) => site === 2 || charger === 5,
    );
    for (const [id, site] of [
      [4, 1],
      [5, 1],
      [6, 2],
    ] as const)
      dispatcher.dispatch(aChange(id, site));
    expect(seen).toEqual([5, 6]);
    expect(dispatcher.wants('charger.changed', 1, 4)).toBe(false);
    expect(dispatcher.wants('charger.changed', 2, 4)).toBe(true);
    expect(dispatcher.wants('charger.status', 2, 4)).toBe(false); // no subscriber of that type
  });
});
