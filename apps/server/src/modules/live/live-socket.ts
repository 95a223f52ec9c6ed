import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { liveCloseCodes, livePath, type LiveMessage } from '@plugboard/contract';
import { ocppEndpoint } from '../../ocpp/handshake.ts';
import type { Revocation } from '../events/revocations.ts';
import { authenticateHello, LiveRefusal, recheck, type LiveAuthDeps } from './live-auth.ts';
import type { LiveHub } from './live-hub.ts';

export type LiveSocketOptions = LiveAuthDeps & {
  hub: LiveHub;
  /** Between pings; a browser that has not answered the previous one is dropped. Default 30 s. */
  pingIntervalMs?: number;
  /** How long a new socket may take to send its hello. Default 10 s. */
  helloTimeoutMs?: number;
  /** What a display link's socket is sent instead of a message (modules/display); null sends nothing. */
  toDisplayMessage?: (message: LiveMessage) => unknown;
  /** Revocations heard from any node (modules/events/revocations.ts): the sockets they concern are checked at once. */
  onRevocation?: (handler: (revocation: Revocation | 'all') => void) => () => void;
};

/** A browser that lets this much pile up unread is closed rather than buffered without end. */
const maxBufferedBytes = 1024 * 1024;

/**
 * The console's live socket, GET /cms-system/live on the server's own port. WebSocket upgrades are routed by path:
 * /ocpp/* belongs to the central system, this path to the console, anything else gets 404.
 */
export function registerLiveSocket(app: FastifyInstance, options: LiveSocketOptions): void {
  const { hub, pingIntervalMs = 30_000, helloTimeoutMs = 10_000 } = options;
  const log = app.log.child({ module: 'live' });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const alive = new WeakMap<WebSocket, boolean>();
  const rechecks = new Map<WebSocket, () => Promise<void>>();
  /** What each open socket stands on, to know which a revocation concerns. */
  type Grounds = { sessionId?: number; userId?: number; stationId: number; linkId?: number };
  const grounds = new Map<WebSocket, Grounds>();
  const concerns = (revocation: Revocation | 'all', on: Grounds) =>
    revocation === 'all' ||
    (revocation.kind === 'sessions' &&
      on.sessionId !== undefined &&
      revocation.sessionIds.includes(on.sessionId)) ||
    (revocation.kind === 'user' && revocation.userId === on.userId) ||
    (revocation.kind === 'site' && revocation.stationId === on.stationId) ||
    (revocation.kind === 'display' && revocation.linkId === on.linkId);
  const stopHearing = options.onRevocation?.((revocation) => {
    for (const [ws, on] of grounds) {
      if (!concerns(revocation, on)) continue;
      rechecks
        .get(ws)?.()
        .catch((error: unknown) => close(ws, error));
    }
  });

  app.server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path === livePath) {
      wss.handleUpgrade(request, socket, head, (ws) => accept(ws));
    } else if (!path.startsWith(`${ocppEndpoint}/`)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  });

  const close = (ws: WebSocket, error: unknown) => {
    if (error instanceof LiveRefusal) return ws.close(error.code, error.message);
    log.error({ err: error }, 'live socket failed');
    ws.close(1011, 'Internal error');
  };

  function accept(ws: WebSocket) {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    ws.on('error', (error) => log.debug({ err: error }, 'live socket error'));
    const helloTimer = setTimeout(
      () => ws.close(liveCloseCodes.helloTimeout, 'No hello in time'),
      helloTimeoutMs,
    );
    let unwatch = () => {};
    ws.once('close', () => {
      clearTimeout(helloTimer);
      unwatch();
      rechecks.delete(ws);
      grounds.delete(ws);
    });
    ws.once('message', (data: RawData) => {
      clearTimeout(helloTimer);
      authenticateHello(rawText(data), options).then(
        ({ token, session, stationId, display, linkId }) => {
          if (ws.readyState !== ws.OPEN) return;
          // A display link's socket is sent display data only, never a charger's full list item.
          const shown = (message: LiveMessage) =>
            display ? (options.toDisplayMessage?.(message) ?? null) : message;
          ws.send(JSON.stringify(shown({ type: 'ready', stationId })));
          unwatch = hub.watch(stationId, (message) => {
            const out = shown(message);
            if (out === null) return;
            if (ws.bufferedAmount > maxBufferedBytes) ws.close(liveCloseCodes.tooSlow, 'Too slow');
            else ws.send(JSON.stringify(out));
          });
          // A logout, an expired session or a site that changed hands ends the socket at the next ping.
          rechecks.set(ws, () => recheck(token, stationId, options));
          // ... and a revocation heard from any node at once.
          grounds.set(ws, { sessionId: session?.id, userId: session?.userId, stationId, linkId });
        },
        (error: unknown) => close(ws, error),
      );
    });
  }

  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
      rechecks
        .get(ws)?.()
        .catch((error: unknown) => close(ws, error));
    }
  }, pingIntervalMs);
  pinger.unref();

  app.addHook('preClose', async () => {
    clearInterval(pinger);
    stopHearing?.();
    hub.close();
    for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
    // A browser gets a moment to answer the close; one that does not is cut off.
    const closed = new Promise<void>((resolve) => wss.close(() => resolve()));
    const timer = setTimeout(() => wss.clients.forEach((ws) => ws.terminate()), 2000);
    await closed;
    clearTimeout(timer);
  });
}

const rawText = (data: RawData) =>
  Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(data as ArrayBuffer).toString('utf8');
