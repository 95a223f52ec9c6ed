// A WebSocket client (RFC 6455) written for the load clients, in place of `ws`: in the reconnect storm, `ws` spent
// most of a load client's own time per connection on Node's HTTP client (a ClientRequest, an HTTP parser, an
// IncomingMessage), its stream classes and their listeners, before a single frame (session 12). It sends the
// opening handshake `ws` sends and checks the answer as `ws` does (ws-wire.ts); reads go to one buffer shared by
// all sockets, with no stream between the socket and the frames. It is no general client: no
// extensions, and what it receives is trusted to be a well-formed server's frames.
import net from 'node:net';
import { acceptOf, frame, newKey, openingRequest, refusalOf, type Endpoint } from './ws-wire.ts';

export type WsEvents = {
  open: () => void;
  message: (text: string) => void;
  /** Once, when the socket is closed; `error` when it failed (a refused handshake, a reset...). */
  closed: (error: Error | undefined) => void;
};

export type WsOptions = { authorization: string; localAddress: string; localPort: number };

// Every read of every socket lands here and is handled before the next one.
const readBuffer = Buffer.alloc(65536);

export class WsClient {
  state: 'connecting' | 'open' | 'closing' | 'closed' = 'connecting';
  readonly startedAt = performance.now();
  private readonly socket: net.Socket;
  private readonly accept: string;
  /** The bytes of a handshake answer or a frame not yet whole. */
  private rest: Buffer | undefined;
  private fragments: Buffer[] | undefined;
  private error: Error | undefined;
  private readonly events: WsEvents;

  constructor(endpoint: Endpoint, path: string, options: WsOptions, events: WsEvents) {
    this.events = events;
    const key = newKey();
    this.accept = acceptOf(key);
    this.socket = net.connect({
      host: endpoint.host,
      port: endpoint.port,
      localAddress: options.localAddress,
      localPort: options.localPort,
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (n: number) => {
          this.read(readBuffer.subarray(0, n));
          return true;
        },
      },
    });
    this.socket.on('error', (error) => (this.error ??= error));
    this.socket.on('close', () => {
      this.state = 'closed';
      this.events.closed(this.error);
    });
    // Written before the TCP connection is up: the socket sends it once it is.
    this.socket.write(openingRequest(endpoint, path, options.authorization, key), 'latin1');
  }

  send(text: string) {
    if (this.state === 'open') this.socket.write(frame(0x1, text));
  }

  /** Starts the closing handshake; the socket closes once the server answered it. */
  close(code: number) {
    if (this.state === 'connecting') return this.fail(new Error('closed before the handshake'));
    if (this.state !== 'open') return;
    this.state = 'closing';
    const payload = Buffer.allocUnsafe(2);
    payload.writeUInt16BE(code);
    this.socket.write(frame(0x8, payload));
  }

  terminate() {
    this.socket.destroy();
  }

  /** Ends the socket with an error, e.g. the handshake's time limit. */
  fail(error: Error) {
    this.error ??= error;
    this.socket.destroy();
  }

  private read(chunk: Buffer) {
    let data = chunk;
    if (this.rest) {
      data = Buffer.concat([this.rest, chunk]);
      this.rest = undefined;
    }
    let at = this.state === 'connecting' ? this.handshake(data) : 0;
    if (at < 0) return;
    at = this.frames(data, at);
    // Kept as a copy: the shared read buffer is overwritten by the next read of any socket.
    if (at < data.length && this.state !== 'closed') this.rest = Buffer.from(data.subarray(at));
  }

  /** Checks the server's answer; returns where the frames start, or -1 while it is incomplete or refused. */
  private handshake(data: Buffer): number {
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) {
      if (data.length > 16384) this.fail(new Error('handshake answer too long'));
      else this.rest = Buffer.from(data);
      return -1;
    }
    const refusal = refusalOf(data.toString('latin1', 0, end), this.accept);
    if (refusal) {
      this.fail(new Error(refusal));
      return -1;
    }
    this.state = 'open';
    this.events.open();
    return end + 4;
  }

  /** Handles the whole frames from `at` on; returns where the first incomplete one starts. */
  private frames(data: Buffer, at: number): number {
    while (data.length - at >= 2 && this.state !== 'closed') {
      const b0 = data[at]!;
      const b1 = data[at + 1]!;
      if (b1 & 0x80 || b0 & 0x70) {
        this.fail(new Error('a masked frame or RSV bits from the server'));
        return data.length;
      }
      let length = b1 & 0x7f;
      let head = 2;
      if (length === 126) {
        if (data.length - at < 4) break;
        length = data.readUInt16BE(at + 2);
        head = 4;
      } else if (length === 127) {
        if (data.length - at < 10) break;
        length = Number(data.readBigUInt64BE(at + 2));
        head = 10;
      }
      if (data.length - at < head + length) break;
      this.frame(b0 & 0x80, b0 & 0x0f, data.subarray(at + head, at + head + length));
      at += head + length;
    }
    return at;
  }

  private frame(fin: number, opcode: number, payload: Buffer) {
    switch (opcode) {
      case 0x0: // a continuation
      case 0x1:
      case 0x2: {
        if (!fin || this.fragments) {
          // A fragment is copied: its bytes live in the shared read buffer.
          (this.fragments ??= []).push(Buffer.from(payload));
          if (!fin) return;
          payload = Buffer.concat(this.fragments);
          this.fragments = undefined;
        }
        if (this.state === 'open') this.events.message(payload.toString('utf8'));
        return;
      }
      case 0x8: // close: answered with its own status code, as `ws` does, then the TCP connection ends
        if (this.state === 'open') this.socket.write(frame(0x8, payload.subarray(0, 2)));
        this.state = 'closing';
        this.socket.end();
        return;
      case 0x9:
        this.socket.write(frame(0xa, payload));
        return;
      default: // a pong, or an opcode no server sends here
    }
  }
}
