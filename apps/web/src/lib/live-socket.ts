import { livePath } from '@plugboard/contract';

/**
 * `connecting` until the server said ready; `live` while it pushes; `retrying` while waiting to reconnect (the
 * screen shows "reconnecting"); `stopped` once refused for good or closed.
 */
export type LiveSocketState = 'connecting' | 'live' | 'retrying' | 'stopped';

/** Between reconnects: `firstMs`, doubled at each failed try, never longer than `maxMs`. */
export type RetryDelays = { readonly firstMs: number; readonly maxMs: number };

/** How long to wait before try number `attempt` + 1 (0 after the first failure). */
export const retryDelay = (delays: RetryDelays, attempt: number): number =>
  Math.min(delays.firstMs * 2 ** attempt, delays.maxMs);

/** ws(s)://<this origin>/cms-system/live: the API's own origin, as the console is served by the server. */
export function liveSocketUrl(href = window.location.href): string {
  const url = new URL(livePath, href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** What reads a frame: a contract schema of the socket's messages (zod's `safeParse`). */
type MessageReader<M> = {
  safeParse: (value: unknown) => { success: true; data: M } | { success: false };
};

export type ReconnectingSocketOptions<M extends { type: string }> = {
  url: string;
  /** The hello sent on every open, read each time (a fresh signature): subscribes again after a reconnect. */
  hello: () => unknown;
  messages: MessageReader<M>;
  retryDelays: RetryDelays;
  /** Whether a close by the server is for good (retrying cannot help): then no more tries. */
  isFinal: (event: { code: number; reason: string }) => boolean;
  onMessage: (message: M) => void;
  onState: (state: LiveSocketState) => void;
  /** The server closed for good (after `onState('stopped')`). */
  onRefused: (event: { code: number; reason: string }) => void;
  /** The reason sent when the page closes the socket. */
  closeReason: string;
};

/**
 * A live socket that reconnects by itself: it says hello on each open, hands on every message the schema reads (a
 * message type this console does not know yet is ignored rather than breaking the screen), and after a drop tries
 * again with exponential backoff, from short again once the server said `ready`, until closed or refused.
 */
export function openReconnectingSocket<M extends { type: string }>(options: ReconnectingSocketOptions<M>) {
  const { url, hello, messages, retryDelays, isFinal, onMessage, onState, onRefused, closeReason } = options;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;

  const connect = () => {
    onState(attempt === 0 ? 'connecting' : 'retrying');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify(hello()));
    ws.onmessage = (event: MessageEvent) => {
      let parsed: ReturnType<MessageReader<M>['safeParse']>;
      try {
        parsed = messages.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
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
      if (isFinal(event)) {
        closed = true;
        onState('stopped');
        onRefused(event);
        return;
      }
      const delay = retryDelay(retryDelays, attempt);
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
      socket?.close(1000, closeReason);
      socket = null;
    },
  };
}
