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
import { liveSocketUrl, openReconnectingSocket, type LiveSocketState } from '../../../lib/live-socket';
import { getStationId, getToken } from '../../../lib/storage';
import { applyLiveMessage } from '../lib/live-cache';

/** `connecting` until the server said ready; `live` while it pushes; `retrying` while waiting to reconnect. */
export type LiveState = LiveSocketState;

export type LiveSocketOptions = {
  url: string;
  stationId: number;
  onMessage: (message: LiveMessage) => void;
  onState: (state: LiveState) => void;
  /** The socket was refused for good (session ended, site not the account's): the catalogue code as a number. */
  onRefused: (code: number) => void;
};

export const liveRetryDelays = { firstMs: 500, maxMs: 15_000 } as const;

// Close codes after which retrying cannot help: the session is gone or the site is not the account's.
const finalCloses: readonly number[] = [liveCloseCodes.unauthorized, liveCloseCodes.siteNotFound];

/**
 * The live socket of one site: authenticates with a hello signed with the session token (read at each connect),
 * hands every message on and reconnects with exponential backoff (reset once the server said ready) until closed.
 */
export function openLiveSocket({ url, stationId, onMessage, onState, onRefused }: LiveSocketOptions) {
  return openReconnectingSocket({
    url,
    hello: () => {
      const token = getToken() ?? '';
      const timestamp = String(Date.now());
      return { token, timestamp, signature: signRequest(livePath, timestamp, token), stationId };
    },
    messages: liveMessageSchema,
    retryDelays: liveRetryDelays,
    isFinal: (event) => finalCloses.includes(event.code),
    onMessage,
    onState,
    onRefused: (event) => onRefused(Number(event.reason) || event.code),
    closeReason: 'Screen closed',
  });
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
      url: liveSocketUrl(),
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
