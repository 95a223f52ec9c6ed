import type { DisplayBoard, DisplayMessage, DisplayTile } from '@plugboard/contract';

/** What a notification on the board says; the screen words it (display.notice.*). */
export type BoardEvent =
  | { kind: 'sessionStarted'; charger: string }
  | { kind: 'sessionCompleted'; charger: string; energyWh: number }
  | { kind: 'faulted'; charger: string }
  | { kind: 'offline'; charger: string }
  | { kind: 'atCapacity' };

/** A charger that answers now: an offline one's last reading is history, not what it draws. */
export const isLive = (tile: Pick<DisplayTile, 'connected' | 'status'>): boolean =>
  tile.connected && tile.status !== 'offline';

/** The site's power now, W: the sum of the running sessions' newest readings, of the chargers that answer. */
export const sitePowerW = (tiles: readonly DisplayTile[]): number =>
  tiles.reduce((sum, tile) => sum + (tile.session && isLive(tile) ? (tile.powerW ?? 0) : 0), 0);

/** A site at its capacity: its chargers draw at least this share of it. */
export const atCapacityShare = 0.98;

const isAtCapacity = (board: DisplayBoard) =>
  board.capacityW > 0 && sitePowerW(board.tiles) >= board.capacityW * atCapacityShare;

const nameOf = (board: DisplayBoard, chargerId: number) =>
  board.tiles.find((tile) => tile.chargerId === chargerId)?.name ?? `#${chargerId}`;

/** A tile as a message carries it: the power is left out when the event said nothing of it. */
type MessageTile = Omit<DisplayTile, 'powerW'> & { powerW?: number | null };

function mergeTile(previous: DisplayTile | undefined, next: MessageTile): DisplayTile {
  // The last reading holds while the session runs on a charger that answers; a tile without a session, or of an
  // offline charger, shows no power.
  const kept = next.session && previous?.session ? previous.powerW : null;
  return { ...next, powerW: next.session && isLive(next) ? (next.powerW ?? kept) : null };
}

/** The events a tile's change is worth telling: a charger that turned faulted, or went offline. */
function tileEvents(previous: DisplayTile | undefined, next: DisplayTile): BoardEvent[] {
  if (!previous) return [];
  if (next.status === 'faulted' && previous.status !== 'faulted') {
    return [{ kind: 'faulted', charger: next.name }];
  }
  const wasOnline = previous.connected && previous.status !== 'offline';
  const isOnline = next.connected && next.status !== 'offline';
  if (wasOnline && !isOnline) return [{ kind: 'offline', charger: next.name }];
  return [];
}

/**
 * The board after one live message, and what it is worth telling (a session started or completed, a charger
 * faulted or offline, the site reaching its capacity). Pure: the screen keeps the board and shows the events.
 */
export function applyDisplayMessage(
  board: DisplayBoard,
  message: DisplayMessage,
): { board: DisplayBoard; events: BoardEvent[] } {
  switch (message.type) {
    case 'ready':
    case 'notice.changed': // the screen reads the board again (use-display-board)
      return { board, events: [] };
    case 'session.started':
      return { board, events: [{ kind: 'sessionStarted', charger: nameOf(board, message.chargerId) }] };
    case 'session.stopped':
      return {
        board,
        events: [
          { kind: 'sessionCompleted', charger: nameOf(board, message.chargerId), energyWh: message.energyWh },
        ],
      };
    case 'tile': {
      const previous = board.tiles.find((tile) => tile.chargerId === message.chargerId);
      let tiles: DisplayTile[];
      let events: BoardEvent[] = [];
      if (!message.tile) {
        tiles = board.tiles.filter((tile) => tile.chargerId !== message.chargerId);
      } else {
        const tile = mergeTile(previous, message.tile);
        events = tileEvents(previous, tile);
        tiles = previous
          ? board.tiles.map((t) => (t.chargerId === message.chargerId ? tile : t))
          : [...board.tiles, tile];
      }
      const next = { ...board, tiles };
      if (!isAtCapacity(board) && isAtCapacity(next)) events = [...events, { kind: 'atCapacity' }];
      return { board: next, events };
    }
  }
}

/** How long a shown notification stays, and how many show at once (spec section 2: up to 3, top centre). */
export const notificationLimits = { shownMs: 6000, atOnce: 3, waitingMax: 12 } as const;

export type BoardNotification = { id: number; event: BoardEvent };

/**
 * The notifications on show and those waiting for a place. A new one takes a free place or waits; when too many
 * wait, the oldest waiting is dropped (a burst must not keep the board busy for minutes).
 */
export type NotificationQueue = { shown: BoardNotification[]; waiting: BoardNotification[] };

export const emptyQueue: NotificationQueue = { shown: [], waiting: [] };

export function enqueue(queue: NotificationQueue, added: BoardNotification[]): NotificationQueue {
  const shown = [...queue.shown];
  const waiting = [...queue.waiting];
  for (const item of added) {
    if (shown.length < notificationLimits.atOnce) shown.push(item);
    else waiting.push(item);
  }
  return { shown, waiting: waiting.slice(-notificationLimits.waitingMax) };
}

/** Hides a notification; the oldest waiting one takes its place. */
export function dismiss(queue: NotificationQueue, id: number): NotificationQueue {
  if (!queue.shown.some((item) => item.id === id)) return queue;
  const [next, ...waiting] = queue.waiting;
  const shown = queue.shown.filter((item) => item.id !== id);
  return { shown: next ? [...shown, next] : shown, waiting };
}
