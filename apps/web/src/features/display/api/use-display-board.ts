import { useCallback, useEffect, useRef, useState } from 'react';
import type { DisplayBoard } from '@plugboard/contract';
import {
  applyDisplayMessage,
  dismiss,
  emptyQueue,
  enqueue,
  type BoardEvent,
  type NotificationQueue,
} from '../lib/board-state';
import { liveSocketUrl, retryDelay } from '../../../lib/live-socket';
import { displayRetryDelays, openDisplaySocket, readBoard } from './display-connection';

/**
 * `loading` until the first board arrives; `live` while the socket pushes; `reconnecting` while the server cannot
 * be reached (the last board stays on show); `refused` when the link is revoked or unknown.
 */
export type DisplayState = 'loading' | 'live' | 'reconnecting' | 'refused';

/** How often the whole board is read again while live (the notice, and anything a dropped message missed). */
export const boardRefreshMs = 30_000;

export type DisplayBoardView = {
  board: DisplayBoard | null;
  state: DisplayState;
  notifications: NotificationQueue;
  hide: (id: number) => void;
};

/**
 * The board of a display link, kept live: read once, then followed over the live socket, read again on every
 * (re)connect and every 30 s. The socket reconnects by itself; a failed read is tried again.
 */
export function useDisplayBoard(token: string): DisplayBoardView {
  const [board, setBoard] = useState<DisplayBoard | null>(null);
  const [state, setState] = useState<DisplayState>('loading');
  const [notifications, setNotifications] = useState<NotificationQueue>(emptyQueue);
  const boardRef = useRef<DisplayBoard | null>(null);
  const nextId = useRef(1);

  const hide = useCallback((id: number) => setNotifications((queue) => dismiss(queue, id)), []);

  useEffect(() => {
    let stopped = false;
    let socket: { close: () => void } | null = null;
    let readTimer: ReturnType<typeof setTimeout> | undefined;
    let failedReads = 0;
    let socketReady = false;

    const show = (next: DisplayBoard) => {
      boardRef.current = next;
      setBoard(next);
    };
    const tell = (events: BoardEvent[]) => {
      if (events.length === 0) return;
      const added = events.map((event) => ({ id: nextId.current++, event }));
      setNotifications((queue) => enqueue(queue, added));
    };
    const refuse = () => {
      stopped = true;
      socket?.close();
      clearTimeout(readTimer);
      clearInterval(refreshTimer);
      setState('refused');
    };

    const read = async (): Promise<void> => {
      const answer = await readBoard(token);
      if (stopped) return;
      if (answer.kind === 'refused') return refuse();
      if (answer.kind === 'failed') {
        // Not reachable (a network drop, a restart): the last board stays, and the read is tried again.
        setState((current) => (current === 'loading' && !boardRef.current ? 'loading' : 'reconnecting'));
        const delay = retryDelay(displayRetryDelays, failedReads);
        failedReads += 1;
        readTimer = setTimeout(() => void read(), delay);
        return;
      }
      failedReads = 0;
      show(answer.board);
      if (socketReady) setState('live');
      if (!socket) connect(answer.board.stationId);
    };

    const connect = (stationId: number) => {
      socket = openDisplaySocket({
        url: liveSocketUrl(),
        token,
        stationId,
        onState: (socketState) => {
          if (socketState === 'live') {
            socketReady = true;
            setState('live');
            // What happened while the socket was away (or before it said ready) comes with a fresh read.
            void read();
          } else if (socketState === 'retrying') {
            socketReady = false;
            setState('reconnecting');
          }
        },
        onMessage: (message) => {
          // A notice saved in the rich-text editor: the board read again carries it.
          if (message.type === 'notice.changed') return void read();
          const current = boardRef.current;
          if (!current) return;
          const { board: next, events } = applyDisplayMessage(current, message);
          if (next !== current) show(next);
          tell(events);
        },
        onRefused: refuse,
      });
    };

    // Declared before the first read, whose refusal clears it (the read answers only after an await).
    const refreshTimer = setInterval(() => void read(), boardRefreshMs);
    void read();
    return () => {
      stopped = true;
      socket?.close();
      clearTimeout(readTimer);
      clearInterval(refreshTimer);
    };
  }, [token]);

  return { board, state, notifications, hide };
}
