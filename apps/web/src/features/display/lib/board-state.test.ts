import { describe, expect, it } from 'vitest';
import type { DisplayBoard, DisplayTile } from '@plugboard/contract';
import {
  applyDisplayMessage,
  dismiss,
  emptyQueue,
  enqueue,
  notificationLimits,
  sitePowerW,
} from './board-state';

const tile = (overrides: Partial<DisplayTile> = {}): DisplayTile => ({
  chargerId: 1,
  name: 'Bay 1',
  status: 'available',
  connected: true,
  errorCode: null,
  powerW: null,
  currentL1: null,
  currentL2: null,
  currentL3: null,
  session: null,
  ...overrides,
});

const charging = (overrides: Partial<DisplayTile> = {}) =>
  tile({
    status: 'charging',
    session: { startTime: '2026-11-24T10:00:00.000Z', energyWh: 1200 },
    ...overrides,
  });

const aBoard = (tiles: DisplayTile[], capacityW = 22_000): DisplayBoard => ({
  stationId: 7,
  siteName: 'Depot',
  timeZone: 'Europe/Amsterdam',
  capacityW,
  phases: 1,
  capacityL1: 32,
  capacityL2: null,
  capacityL3: null,
  noticeHtml: '',
  tiles,
});

describe('the board after a live message', () => {
  it('tells a session start and completion by the charger’s name', () => {
    const board = aBoard([tile({ chargerId: 4, name: 'Bay 4' })]);
    expect(
      applyDisplayMessage(board, { type: 'session.started', chargerId: 4, startTime: '2026-11-24T10:00:00Z' })
        .events,
    ).toEqual([{ kind: 'sessionStarted', charger: 'Bay 4' }]);
    expect(
      applyDisplayMessage(board, { type: 'session.stopped', chargerId: 4, energyWh: 8100 }).events,
    ).toEqual([{ kind: 'sessionCompleted', charger: 'Bay 4', energyWh: 8100 }]);
  });

  it('keeps the last power while the session runs when a change says nothing of power, and drops it after', () => {
    const board = aBoard([charging({ powerW: 7400 })]);
    const { powerW: _left, ...changed } = charging({ status: 'charging' });
    const kept = applyDisplayMessage(board, { type: 'tile', chargerId: 1, tile: changed }).board;
    expect(kept.tiles[0]?.powerW).toBe(7400);
    const { powerW: _none, ...stopped } = tile({ status: 'chargingComplete' });
    expect(
      applyDisplayMessage(kept, { type: 'tile', chargerId: 1, tile: stopped }).board.tiles[0]?.powerW,
    ).toBeNull();
  });

  it('drops the power of a charger that went offline during its session, and the site power with it', () => {
    const board = aBoard([charging({ powerW: 11_000 }), charging({ chargerId: 2, powerW: 7_400 })]);
    expect(sitePowerW(board.tiles)).toBe(18_400);
    const { powerW: _unsaid, ...gone } = charging({ status: 'offline', connected: false });
    const next = applyDisplayMessage(board, { type: 'tile', chargerId: 1, tile: gone }).board;
    expect(next.tiles[0]).toMatchObject({ powerW: null, session: { energyWh: 1200 } });
    expect(sitePowerW(next.tiles)).toBe(7_400);
    // A board read with an offline tile's reading does not count it either.
    expect(sitePowerW([charging({ status: 'offline', connected: false, powerW: 11_000 })])).toBe(0);
  });

  it('tells a charger that turned faulted or went offline, once', () => {
    const board = aBoard([tile()]);
    const faulted = applyDisplayMessage(board, {
      type: 'tile',
      chargerId: 1,
      tile: tile({ status: 'faulted' }),
    });
    expect(faulted.events).toEqual([{ kind: 'faulted', charger: 'Bay 1' }]);
    expect(
      applyDisplayMessage(faulted.board, { type: 'tile', chargerId: 1, tile: tile({ status: 'faulted' }) })
        .events,
    ).toEqual([]);
    const offline = applyDisplayMessage(board, {
      type: 'tile',
      chargerId: 1,
      tile: tile({ status: 'offline', connected: false }),
    });
    expect(offline.events).toEqual([{ kind: 'offline', charger: 'Bay 1' }]);
  });

  it('tells the site reaching its capacity when it crosses it, not while it stays there', () => {
    const board = aBoard([
      charging({ chargerId: 1, powerW: 11_000 }),
      charging({ chargerId: 2, name: 'Bay 2', powerW: 3000 }),
    ]);
    const full = applyDisplayMessage(board, {
      type: 'tile',
      chargerId: 2,
      tile: charging({ chargerId: 2, name: 'Bay 2', powerW: 11_000 }),
    });
    expect(sitePowerW(full.board.tiles)).toBe(22_000);
    expect(full.events).toEqual([{ kind: 'atCapacity' }]);
    const still = applyDisplayMessage(full.board, {
      type: 'tile',
      chargerId: 1,
      tile: charging({ powerW: 10_900 }),
    });
    expect(still.events).toEqual([]);
  });

  it('adds a new charger’s tile and removes a deleted one', () => {
    const board = aBoard([tile()]);
    const added = applyDisplayMessage(board, {
      type: 'tile',
      chargerId: 2,
      tile: tile({ chargerId: 2, name: 'Bay 2' }),
    });
    expect(added.board.tiles.map((t) => t.chargerId)).toEqual([1, 2]);
    expect(
      applyDisplayMessage(added.board, { type: 'tile', chargerId: 1, tile: null }).board.tiles.map(
        (t) => t.chargerId,
      ),
    ).toEqual([2]);
  });
});

describe('the notifications', () => {
  const n = (id: number) => ({ id, event: { kind: 'atCapacity' } as const });

  it('shows up to three at once; the others wait and take a freed place in order', () => {
    const queue = enqueue(emptyQueue, [n(1), n(2), n(3), n(4), n(5)]);
    expect(queue.shown.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(queue.waiting.map((x) => x.id)).toEqual([4, 5]);
    const next = dismiss(queue, 2);
    expect(next.shown.map((x) => x.id)).toEqual([1, 3, 4]);
    expect(next.waiting.map((x) => x.id)).toEqual([5]);
    expect(dismiss(next, 99)).toBe(next);
  });

  it('drops the oldest waiting ones in a burst', () => {
    const many = Array.from({ length: 40 }, (_, i) => n(i + 1));
    const queue = enqueue(emptyQueue, many);
    expect(queue.shown).toHaveLength(notificationLimits.atOnce);
    expect(queue.waiting).toHaveLength(notificationLimits.waitingMax);
    expect(queue.waiting.at(-1)?.id).toBe(40);
  });
});
