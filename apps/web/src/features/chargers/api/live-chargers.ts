import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  liveCloseCodes,
  liveMessageSchema,
  livePath,
  signRequest,
  type LiveMessage,
} from '@plugboard/contract';
import { handleFailure } from '../../../lib/api-client';
import { getStationId, getToken } from '../../../lib/storage';
import { applyLiveMessage } from '../lib/live-cache';

/** `connecting` until the server said ready; `live` while it pushes; `retrying` while waiting to reconnect. */
export type LiveState = 'connecting' | 'live' | 'retrying' | 'stopped';

export type LiveSocketOptions = {
  url: string;
  stationId: number;
  onMessage: (message: LiveMessage) => void;
  onState: (state: LiveState) => void;
  /** The socket was refused for good (session ended, site not the account's): the catalogue code as a number. */
  onRefused: (code: number) => void;
};

export const liveRetryDelays = { firstMs: 500, maxMs: 15_000 } as const;

/** ws(s)://<this origin>/cms-system/live: the API's own origin, as the console is served by the server. */
export function liveUrl(href = window.location.href): string {
  const url = new URL(livePath, href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

// Close codes after which retrying cannot help: the session is gone or the site is not the account's.
const finalCloses: readonly number[] = [liveCloseCodes.unauthorized, liveCloseCodes.siteNotFound];

/**
 * The live socket of one site: authenticates with a signed hello, hands every message on and reconnects with
 * exponential backoff (reset once the server said ready) until closed.
 */
export function openLiveSocket({ url, stationId, onMessage, onState, onRefused }: LiveSocketOptions) {
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;

  const connect = () => {
    onState(attempt === 0 ? 'connecting' : 'retrying');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      const token = getToken() ?? '';
      const timestamp = String(Date.now());
      ws.send(
        JSON.stringify({ token, timestamp, signature: signRequest(livePath, timestamp, token), stationId }),
      );
    };
    ws.onmessage = (event: MessageEvent) => {
      let parsed: ReturnType<typeof liveMessageSchema.safeParse>;
      try {
        parsed = liveMessageSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      // A message type this console does not know yet is ignored rather than breaking the screen.
      if (!parsed.success) return;
      if (parsed.data.type === 'ready') {
        attempt = 0;
        onState('live');
      }
      onMessage(parsed.data);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws || closed) return;
      socket = null;
      if (finalCloses.includes(event.code)) {
        closed = true;
        onState('stopped');
        onRefused(Number(event.reason) || event.code);
        return;
      }
      const delay = Math.min(liveRetryDelays.firstMs * 2 ** attempt, liveRetryDelays.maxMs);
      attempt += 1;
      onState('retrying');
      retryTimer = setTimeout(connect, delay);
    };
  };

  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close(1000, 'Screen closed');
      socket = null;
    },
  };
}

/**
 * While mounted, the chargers of the selected site follow the live socket: statuses, sessions and meter readings
 * are written into the query cache as they arrive.
 */
export function useLiveChargers(options: { onMessage?: (message: LiveMessage) => void } = {}): LiveState {
  const queryClient = useQueryClient();
  // The latest listener, read when a message comes: a new function each render does not reopen the socket.
  const listener = useRef(options.onMessage);
  useEffect(() => {
    listener.current = options.onMessage;
  });
  const stationId = Number(getStationId());
  const usable = Number.isSafeInteger(stationId) && stationId > 0;
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!usable) return undefined;
    const connection = openLiveSocket({
      url: liveUrl(),
      stationId,
      onMessage: (message) => {
        void applyLiveMessage(queryClient, message);
        listener.current?.(message);
      },
      onState: setState,
      // 5003/5008 send the user to /login, 1502 explains the site is gone: as a call answering that code would.
      onRefused: (code) => handleFailure(code, ''),
    });
    return () => connection.close();
  }, [queryClient, stationId, usable]);

  return usable ? state : 'stopped';
}
