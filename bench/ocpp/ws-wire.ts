// The wire format of the load clients' WebSocket (RFC 6455), the client's side: the opening handshake `ws` sends
// (the same headers in the same order, so the server sees what it saw before session 12) and the checks `ws` makes
// of the answer, and client frames, each masked with a fresh random key as RFC 6455 requires of a client.
import { hash, randomFillSync } from 'node:crypto';

/** Where a charger connects: the parts of a `ws://host:port/path` URL, split once per server node. */
export type Endpoint = { host: string; port: number; path: string };

const guid = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const subprotocol = 'ocpp1.6';
// Random bytes for keys and masks, drawn from the CSPRNG 8 KiB at a time (as `ws` does for its masks).
const random = Buffer.alloc(8192);
let randomAt = random.length;
const randomBytesAt = (n: number) => {
  if (randomAt + n > random.length) {
    randomFillSync(random);
    randomAt = 0;
  }
  randomAt += n;
  return randomAt - n;
};

export const endpointOf = (url: string): Endpoint => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 80), path: u.pathname.replace(/\/$/, '') };
};

/** A fresh Sec-WebSocket-Key: 16 random bytes, base64. */
export function newKey(): string {
  const at = randomBytesAt(16);
  return random.toString('base64', at, at + 16);
}

/** The Sec-WebSocket-Accept the server must answer `key` with. */
export const acceptOf = (key: string) => hash('sha1', key + guid, 'base64');

export const openingRequest = (endpoint: Endpoint, path: string, authorization: string, key: string) =>
  `GET ${endpoint.path}${path} HTTP/1.1\r\nauthorization: ${authorization}\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\nConnection: Upgrade\r\n` +
  `Upgrade: websocket\r\nSec-WebSocket-Protocol: ${subprotocol}\r\n` +
  `Host: ${endpoint.host}:${endpoint.port}\r\n\r\n`;

/** Why the answer's head (status line and headers) refuses the connection; undefined when it accepts it. */
export function refusalOf(head: string, accept: string): string | undefined {
  const [status = '', ...lines] = head.split('\r\n');
  const code = /^HTTP\/1\.1 (\d{3})/.exec(status)?.[1];
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  // The same checks and messages as `ws` (reasonOf turns the first into "HTTP 401").
  return code !== '101'
    ? `Unexpected server response: ${code}`
    : headers.get('upgrade')?.toLowerCase() !== 'websocket'
      ? 'Invalid Upgrade header'
      : headers.get('sec-websocket-accept') !== accept
        ? 'Invalid Sec-WebSocket-Accept header'
        : headers.get('sec-websocket-protocol') !== subprotocol
          ? 'Server sent no or an invalid subprotocol'
          : headers.has('sec-websocket-extensions')
            ? 'Server sent a Sec-WebSocket-Extensions header but no extension was requested'
            : undefined;
}

/** A client frame: FIN, the opcode, the length, a fresh mask, the masked payload. */
export function frame(opcode: number, payload: string | Buffer): Buffer {
  const n = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + 4 + n);
  out[0] = 0x80 | opcode;
  out[1] = 0x80 | (n < 126 ? n : n < 65536 ? 126 : 127);
  if (head === 4) out.writeUInt16BE(n, 2);
  if (head === 10) out.writeBigUInt64BE(BigInt(n), 2);
  const mask = randomBytesAt(4);
  random.copy(out, head, mask, mask + 4);
  const body = head + 4;
  if (typeof payload === 'string') out.write(payload, body, 'utf8');
  else payload.copy(out, body);
  for (let i = 0; i < n; i++) out[body + i] = out[body + i]! ^ random[mask + (i & 3)]!;
  return out;
}
