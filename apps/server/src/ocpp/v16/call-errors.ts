import type { RPCClient } from 'ocpp-rpc';

/**
 * The error codes OCPP-J 1.6 allows in a CALLERROR (section 4.2.3, table 7), spelled as the 1.6 errata keeps them
 * (section 5: FormationViolation and OccurenceConstraintViolation stay misspelt in 1.6). A 1.6 client library
 * that parses the code into this enumeration raises on anything else.
 */
export const ocpp16ErrorCodes = [
  'NotImplemented',
  'NotSupported',
  'InternalError',
  'ProtocolError',
  'SecurityError',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurenceConstraintViolation',
  'TypeConstraintViolation',
  'GenericError',
] as const;
export type Ocpp16ErrorCode = (typeof ocpp16ErrorCodes)[number];

/** What a CALLERROR may echo: a description and details longer than these are cut (a hostile frame is not mirrored). */
export const callErrorLimits = { descriptionChars: 255, detailsBytes: 1024 } as const;

const known = new Set<string>(ocpp16ErrorCodes);

/** ocpp-rpc speaks 2.0.1's RPC codes (and the errata-corrected spellings): their 1.6 counterparts. */
const from201: Record<string, Ocpp16ErrorCode> = {
  FormatViolation: 'FormationViolation',
  OccurrenceConstraintViolation: 'OccurenceConstraintViolation',
  MessageTypeNotSupported: 'NotSupported',
  RpcFrameworkError: 'ProtocolError',
};

/** A message id as OCPP-J 1.6 section 4.1.3 has it: a string of at most 36 characters. */
const readableId = (id: unknown): string | undefined => {
  if (typeof id === 'string' && id.length > 0 && id.length <= 36) return id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id);
  return undefined;
};

/**
 * The 1.6 answer to a frame that is not a message at all. Syntax or PDU structure wrong (not JSON, not an array,
 * a type or an id of the wrong type, an action that is not a string): FormationViolation; a frame that stops short
 * (no id, no action): ProtocolError ("payload incomplete"); a message type other than 2, 3, 4: NotSupported. The id
 * is echoed when it can be read, even from a frame that is not JSON, so that the charger can match the error.
 */
export function classifyBadFrame(text: string): { id: string; code: Ocpp16ErrorCode } {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    // A frame cut short or otherwise broken: its id may still be readable at its start.
    const id = /^\s*\[\s*\d+\s*,\s*"([^"\\]{1,36})"/.exec(text)?.[1];
    return { id: id ?? '-1', code: 'FormationViolation' };
  }
  if (!Array.isArray(frame)) return { id: '-1', code: 'FormationViolation' };
  const [type, rawId, action] = frame as unknown[];
  const id = readableId(rawId) ?? '-1';
  if (frame.length < 2) return { id, code: 'ProtocolError' };
  if (typeof type !== 'number') return { id, code: 'FormationViolation' };
  if (type !== 2 && type !== 3 && type !== 4) return { id, code: 'NotSupported' };
  if (typeof rawId !== 'string') return { id, code: 'FormationViolation' };
  if (type === 2 && action === undefined) return { id, code: 'ProtocolError' };
  return { id, code: 'FormationViolation' };
}

/** A CALLERROR frame rewritten for 1.6: a 1.6 code, the description and details capped. */
export function toOcpp16CallError(frame: unknown[], badFrame?: string): string {
  const [, id, code, description, details] = frame;
  const bad = badFrame === undefined ? undefined : classifyBadFrame(badFrame);
  const fixedCode = bad?.code ?? (known.has(String(code)) ? code : (from201[String(code)] ?? 'GenericError'));
  const text = typeof description === 'string' ? description : '';
  const detailsJson = JSON.stringify(details ?? {});
  return JSON.stringify([
    4,
    bad?.id ?? id,
    fixedCode,
    text.length > callErrorLimits.descriptionChars ? text.slice(0, callErrorLimits.descriptionChars) : text,
    // ocpp-rpc puts the whole schema-invalid payload into the details: not sent back.
    Buffer.byteLength(detailsJson) > callErrorLimits.detailsBytes || !isPlainObject(details) ? {} : details,
  ]);
}

const isPlainObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Makes a 1.6 socket's outgoing CALLERRORs speak 1.6 (ocpp-rpc answers with 2.0.1's RpcFrameworkError and
 * MessageTypeNotSupported, and id -1 for every frame it cannot use). Each frame goes out through `sendRaw`;
 * ocpp-rpc emits 'badMessage' synchronously just before it sends the reply to a bad frame, which is how the reply
 * is matched with the frame it answers.
 */
export function speakOcpp16Errors(client: RPCClient): void {
  let badFrame: string | undefined;
  client.on('badMessage', (event: { buffer: Buffer | string; response: unknown[] | null }) => {
    if (!event.response) return;
    badFrame = event.buffer.toString();
    queueMicrotask(() => (badFrame = undefined)); // the reply was sent synchronously, or not at all
  });
  const sendRaw = client.sendRaw.bind(client);
  client.sendRaw = (message: string) => {
    // JSON.stringify writes a CALLERROR as "[4,": any other frame passes untouched, unparsed.
    if (typeof message === 'string' && message.startsWith('[4,')) {
      const bad = badFrame;
      badFrame = undefined;
      message = toOcpp16CallError(JSON.parse(message) as unknown[], bad);
    }
    sendRaw(message);
  };
}
