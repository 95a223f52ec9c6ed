import {
  consoleRequestHeaders,
  displayBoardSchema,
  displayMessageSchema,
  liveCloseCodes,
  livePath,
  loginRedirectCodes,
  signRequest,
  SUCCESS,
  type DisplayBoard,
  type DisplayMessage,
} from '@plugboard/contract';

export const displayBoardPath = '/cms-system/system/display/v2/board';

/** What a board read gave: the board, a link that is refused for good (revoked, unknown), or nothing this time. */
export type BoardRead = { kind: 'board'; board: DisplayBoard } | { kind: 'refused' } | { kind: 'failed' };

/**
 * Reads the board with the display token (no login: the token signs the request as a session token would). Not
 * through lib/api-client: a display has no login to return to, and a failure shows on the board, not as a toast.
 */
export async function readBoard(token: string, fetcher: typeof fetch = fetch): Promise<BoardRead> {
  try {
    const response = await fetcher(displayBoardPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...consoleRequestHeaders(displayBoardPath, token) },
      body: '{}',
    });
    const body = (await response.json()) as { status?: unknown; data?: unknown };
    if (body.status === SUCCESS) {
      const parsed = displayBoardSchema.safeParse(body.data);
      return parsed.success ? { kind: 'board', board: parsed.data } : { kind: 'failed' };
    }
    if (typeof body.status === 'number' && loginRedirectCodes.includes(body.status))
      return { kind: 'refused' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** ws(s)://<this origin>/cms-system/live. */
export function displaySocketUrl(href = window.location.href): string {
  const url = new URL(livePath, href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Between reconnects: short at first (a server restart takes seconds), never longer than this. */
export const displayRetryDelays = { firstMs: 500, maxMs: 5000 } as const;

export type DisplaySocketOptions = {
  url: string;
  token: string;
  stationId: number;
  onMessage: (message: DisplayMessage) => void;
  /** The server said ready (first time or after a reconnect). */
  onReady: () => void;
  /** The socket dropped; it reconnects by itself. */
  onDropped: () => void;
  /** The link was refused (revoked, or not of this site): no more retries. */
  onRefused: () => void;
};

/**
 * The live socket of a display: a hello signed with the display token, then display messages of its site. It
 * reconnects by itself, with a backoff that starts again from short once the server said ready, until closed or
 * refused.
 */
export function openDisplaySocket(options: DisplaySocketOptions) {
  const { url, token, stationId, onMessage, onReady, onDropped, onRefused } = options;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;

  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      const timestamp = String(Date.now());
      ws.send(
        JSON.stringify({ token, stationId, timestamp, signature: signRequest(livePath, timestamp, token) }),
      );
    };
    ws.onmessage = (event: MessageEvent) => {
      let parsed: ReturnType<typeof displayMessageSchema.safeParse>;
      try {
        parsed = displayMessageSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      if (parsed.data.type === 'ready') {
        attempt = 0;
        onReady();
      }
      onMessage(parsed.data);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws || closed) return;
      socket = null;
      if (event.code === liveCloseCodes.unauthorized || event.code === liveCloseCodes.siteNotFound) {
        // 419 (a clock far off) may pass on the next try; a revoked or unknown link will not.
        if (event.reason !== '419') {
          closed = true;
          onRefused();
          return;
        }
      }
      const delay = Math.min(displayRetryDelays.firstMs * 2 ** attempt, displayRetryDelays.maxMs);
      attempt += 1;
      onDropped();
      retryTimer = setTimeout(connect, delay);
    };
  };

  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close(1000, 'Display closed');
      socket = null;
    },
  };
}
