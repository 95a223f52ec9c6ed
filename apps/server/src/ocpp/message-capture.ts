import type { RPCClient } from 'ocpp-rpc';
import { loggedJson, type LoggedExchange, type OcppLogWriter } from '../modules/ocpp-log/ocpp-log.service.ts';
import { maskSecrets } from './v16/mask-secrets.ts';

/** CALLs waiting for their answer, per direction: a charger may leave some unanswered (the oldest is logged so). */
const openCallsMax = 64;
/**
 * How long a CALL of ours waits for its answer before it is logged unanswered: the longest call timeout the central
 * system uses (connection-registry's default is 30 s; a late answer still pairs within this).
 */
export const answerWaitMs = 60_000;
/** Text kept of a frame that is not a message. */
const invalidTextMax = 2000;
/** A bigger frame is logged without its payload (its size instead): OCPP messages are a few KB. */
const payloadFrameMax = 64 * 1024;

/**
 * A CALL waiting for its answer, its payload already JSON text (masked) rather than the parsed frame: held until the
 * answer (tens of milliseconds under load), a tree of objects would outlive V8's young generation; a string is one.
 */
type OpenCall = { action: string; at: Date; payload: string; timer?: NodeJS.Timeout | undefined };

/**
 * Puts every frame of a charger's socket, both ways, into the message log, one row per exchange (issue 15): a CALL
 * is held until its CALLRESULT or CALLERROR goes the other way, then the pair is written as one row (the frames
 * exactly as they went over the wire, the 'message' events of ocpp-rpc, secrets masked). A CALL of ours that gets no
 * answer within answerWaitMs, a CALL still open when the socket closes or when more than openCallsMax are, is
 * written unanswered; an answer to a CALL not seen and a frame that is not a message get a row of their own. The
 * log is written behind (ocpp-log's writer): nothing here waits, and a charger's CALL costs no timer.
 */
export function captureMessages(
  client: RPCClient,
  { chargerId, writer, now }: { chargerId: number; writer: OcppLogWriter; now: () => Date },
): void {
  // message id -> CALL sent by the charger ('in') and by us ('out')
  const open = { in: new Map<string, OpenCall>(), out: new Map<string, OpenCall>() };
  const write = (row: Omit<LoggedExchange, 'chargerId'>) => writer.exchange({ chargerId, ...row });
  const unanswered = (direction: 'in' | 'out', messageId: string, call: OpenCall) => {
    clearTimeout(call.timer);
    write({
      at: call.at,
      answeredAt: null,
      direction,
      kind: 'unanswered',
      messageId,
      action: call.action,
      errorCode: null,
      payload: call.payload,
      answer: null,
    });
  };
  const remember = (direction: 'in' | 'out', id: string, call: OpenCall) => {
    const calls = open[direction];
    const same = calls.get(id);
    if (same) {
      // A message id used again before its answer: the first CALL is not answered (it could not be told apart).
      calls.delete(id);
      unanswered(direction, id, same);
    } else if (calls.size >= openCallsMax) {
      const [oldestId, oldest] = calls.entries().next().value!;
      calls.delete(oldestId);
      unanswered(direction, oldestId, oldest);
    }
    if (direction === 'out') {
      call.timer = setTimeout(() => {
        if (calls.get(id) !== call) return;
        calls.delete(id);
        unanswered(direction, id, call);
      }, answerWaitMs);
      call.timer.unref();
    }
    calls.set(id, call);
  };

  client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
    const sender = outbound ? 'out' : 'in';
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
      remember(sender, messageId, {
        action,
        at,
        payload: loggedJson(tooBig ?? maskSecrets(action, 'call', rest[1])),
      });
      return;
    }
    if (type === 3 || type === 4) {
      // An answer goes the other way from its CALL: the caller is the other side.
      const caller = sender === 'in' ? 'out' : 'in';
      const calls = open[caller];
      const call = calls.get(messageId);
      if (call) {
        calls.delete(messageId);
        clearTimeout(call.timer);
      }
      const action = call?.action ?? null;
      write({
        at: call?.at ?? at,
        answeredAt: at,
        direction: caller,
        kind: type === 3 ? 'result' : 'error',
        messageId,
        action,
        errorCode: type === 4 ? String(rest[0]) : null,
        payload: call?.payload ?? null,
        answer: loggedJson(
          tooBig ??
            (type === 3
              ? maskSecrets(action, 'result', rest[0])
              : { errorDescription: rest[1] ?? '', errorDetails: rest[2] ?? {} }),
        ),
      });
      return;
    }
    write({
      at,
      answeredAt: null,
      direction: sender,
      kind: 'invalid',
      messageId,
      action: null,
      errorCode: null,
      payload: loggedJson({ text: message.slice(0, invalidTextMax) }),
      answer: null,
    });
  });

  // The socket closed: what is still open will not be answered on it.
  client.once('close', () => {
    for (const direction of ['in', 'out'] as const) {
      for (const [id, call] of open[direction]) unanswered(direction, id, call);
      open[direction].clear();
    }
  });
}
