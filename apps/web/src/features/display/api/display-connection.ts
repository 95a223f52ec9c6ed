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
import { openReconnectingSocket, type LiveSocketState } from '../../../lib/live-socket';

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

/** Between reconnects, and between reads of a board that failed: short at first (a server restart takes seconds). */
export const displayRetryDelays = { firstMs: 500, maxMs: 5000 } as const;

export type DisplaySocketOptions = {
  url: string;
  token: string;
  stationId: number;
  onMessage: (message: DisplayMessage) => void;
  /** `live` once the server said ready (first time or after a reconnect), `retrying` when the socket dropped. */
  onState: (state: LiveSocketState) => void;
  /** The link was refused (revoked, or not of this site): no more retries. */
  onRefused: () => void;
};

/**
 * The live socket of a display: a hello signed with the display token, then display messages of its site. It
 * reconnects by itself, with a backoff that starts again from short once the server said ready, until closed or
 * refused.
 */
export function openDisplaySocket({
  url,
  token,
  stationId,
  onMessage,
  onState,
  onRefused,
}: DisplaySocketOptions) {
  return openReconnectingSocket({
    url,
    hello: () => {
      const timestamp = String(Date.now());
      return { token, stationId, timestamp, signature: signRequest(livePath, timestamp, token) };
    },
    messages: displayMessageSchema,
    retryDelays: displayRetryDelays,
    // 419 (a clock far off) may pass on the next try; a revoked or unknown link will not.
    isFinal: (event) =>
      (event.code === liveCloseCodes.unauthorized || event.code === liveCloseCodes.siteNotFound) &&
      event.reason !== '419',
    onMessage,
    onState,
    onRefused: () => onRefused(),
    closeReason: 'Display closed',
  });
}
