import type { RPCClient } from 'ocpp-rpc';
import type { OcppLogWriter } from '../modules/ocpp-log/ocpp-log.service.ts';
import { maskSecrets } from './v16/mask-secrets.ts';

/** CALLs waiting for their answer whose action is remembered, per direction: a charger may leave some unanswered. */
const openCallsMax = 64;
/** Text kept of a frame that is not a message. */
const invalidTextMax = 2000;
/** A bigger frame is logged without its payload (its size instead): OCPP messages are a few KB. */
const payloadFrameMax = 64 * 1024;

/**
 * Puts every frame of a charger's socket, both ways, into the message log: the frames exactly as they went over the
 * wire (the 'message' events of ocpp-rpc, CALLERRORs included), secrets masked. A result or error is logged under
 * the action of the CALL it answers. The log is written behind (ocpp-log's writer): nothing here waits.
 */
export function captureMessages(
  client: RPCClient,
  { chargerId, writer, now }: { chargerId: number; writer: OcppLogWriter; now: () => Date },
): void {
  // message id -> action of CALLs sent by the charger ('in') and by us ('out')
  const open = { in: new Map<string, string>(), out: new Map<string, string>() };
  const remember = (calls: Map<string, string>, id: string, action: string) => {
    if (calls.size >= openCallsMax) calls.delete(calls.keys().next().value!);
    calls.set(id, action);
  };

  client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
    const direction = outbound ? 'out' : 'in';
    const at = now();
    const tooBig = message.length > payloadFrameMax ? { truncated: true, frameChars: message.length } : null;
    let frame: unknown;
    try {
      frame = JSON.parse(message);
    } catch {
      frame = undefined;
    }
    const [type, id, ...rest] = Array.isArray(frame) ? (frame as unknown[]) : [];
    const messageId = typeof id === 'string' ? id : typeof id === 'number' ? String(id) : '';
    if (type === 2 && typeof rest[0] === 'string') {
      const action = rest[0];
      remember(open[direction], messageId, action);
      writer.message({
        chargerId,
        at,
        direction,
        kind: 'call',
        messageId,
        action,
        errorCode: null,
        payload: tooBig ?? maskSecrets(action, 'call', rest[1]),
      });
      return;
    }
    if (type === 3 || type === 4) {
      // An answer goes the other way from its CALL.
      const calls = open[direction === 'in' ? 'out' : 'in'];
      const action = calls.get(messageId) ?? null;
      calls.delete(messageId);
      writer.message({
        chargerId,
        at,
        direction,
        kind: type === 3 ? 'result' : 'error',
        messageId,
        action,
        errorCode: type === 4 ? String(rest[0]) : null,
        payload:
          tooBig ??
          (type === 3
            ? maskSecrets(action, 'result', rest[0])
            : { errorDescription: rest[1] ?? '', errorDetails: rest[2] ?? {} }),
      });
      return;
    }
    writer.message({
      chargerId,
      at,
      direction,
      kind: 'invalid',
      messageId,
      action: null,
      errorCode: null,
      payload: { text: message.slice(0, invalidTextMax) },
    });
  });
}
