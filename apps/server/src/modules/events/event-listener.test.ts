import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '../../lib/event-bus.ts';
import { eventListener } from './event-listener.ts';

const log = { info: () => {}, warn: () => {} };

/** A listening connection the test speaks for: `notify` is PostgreSQL delivering a notification. */
function aConnection() {
  const client = Object.assign(new EventEmitter(), {
    connect: () => Promise.resolve(),
    query: () => Promise.resolve(),
    end: () => Promise.resolve(),
  });
  const notify = (payload: string) =>
    client.emit('notification', { channel: 'plugboard_events', payload, processId: 1 });
  return { client: client as unknown as pg.Client, notify };
}

const anEvent = (id: number, stationId: number): EventEnvelope<'charger.changed'> => ({
  id: String(id),
  type: 'charger.changed',
  version: 1,
  occurredAt: new Date().toISOString(),
  stationId,
  payload: { stationId, chargerId: id * 10, change: 'updated' },
});

/** A node's listener, started after event 10, whose subscribers want the events of site 2 only. */
async function aListener() {
  const { client, notify } = aConnection();
  const repo = {
    read: vi.fn(() => Promise.resolve([])),
    tail: vi.fn(() => Promise.resolve({ last: 10, present: [6, 7, 8, 9, 10] })),
  };
  const delivered: string[] = [];
  const listener = eventListener({
    connect: () => client,
    repo,
    dispatch: (event) => delivered.push(event.id),
    wants: (_type, stationId) => stationId === 2,
    log,
  });
  await listener.start();
  await vi.waitFor(() => expect(repo.read).toHaveBeenCalledTimes(1)); // the read at start
  return { listener, notify, repo, delivered };
}

const heads = (events: [id: number, stationId: number][]) =>
  '~' + events.map(([id, site]) => `${id},charger.changed,${site},${id * 10}`).join(';') + '\n';

describe('the events listener', () => {
  it('does not parse the events no subscriber wants (their heads say so), and moves past their ids', async () => {
    const { listener, notify, repo, delivered } = await aListener();
    // JSON that would fail to parse, and so make a read of the table, if it were parsed.
    notify(heads([[11, 1]]) + '[{"not json');
    notify(heads([[12, 2]]) + JSON.stringify([anEvent(12, 2)]));
    expect(delivered).toEqual(['12']);
    expect(repo.read).toHaveBeenCalledTimes(1);
    repo.tail.mockResolvedValueOnce({ last: 12, present: [] });
    await listener.caughtUp();
    // The next read asks for what follows 12, with no gap at 11: it was passed, not missed.
    expect(repo.read).toHaveBeenLastCalledWith(12, [], 500);
    await listener.close();
  });

  it('delivers every event of a notification one of whose events is wanted', async () => {
    const { listener, notify, delivered } = await aListener();
    notify(
      heads([
        [11, 1],
        [12, 2],
      ]) + JSON.stringify([anEvent(11, 1), anEvent(12, 2)]),
    );
    expect(delivered).toEqual(['11', '12']);
    await listener.close();
  });

  it('reads the table for a wanted event that came as its head alone (too large to be carried)', async () => {
    const { listener, notify, repo } = await aListener();
    notify(heads([[11, 2]]));
    await vi.waitFor(() => expect(repo.read).toHaveBeenCalledTimes(2));
    expect(repo.read).toHaveBeenLastCalledWith(10, [], 500);
    await listener.close();
  });

  it("delivers an older node's notifications (JSON without heads), and reads the table for one it cannot parse", async () => {
    const { listener, notify, repo, delivered } = await aListener();
    notify(JSON.stringify(anEvent(11, 1)));
    notify(JSON.stringify([anEvent(12, 1), anEvent(13, 2)]));
    expect(delivered).toEqual(['11', '12', '13']);
    notify(JSON.stringify({ id: '14' }));
    await vi.waitFor(() => expect(repo.read).toHaveBeenCalledTimes(2));
    await listener.close();
  });
});
