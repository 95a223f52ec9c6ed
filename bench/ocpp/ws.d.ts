// The part of `ws` (8.x) the load client uses. `ws` is already installed for ocpp-rpc; its types (@types/ws) are
// not, and a benchmark is not worth a new dependency.
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  type ClientOptions = {
    headers?: Record<string, string>;
    localAddress?: string;
    localPort?: number;
    perMessageDeflate?: boolean;
    handshakeTimeout?: number;
    maxPayload?: number;
  };

  class WebSocket extends EventEmitter {
    constructor(address: string, protocols: string | string[], options?: ClientOptions);
    static readonly OPEN: 1;
    readonly readyState: 0 | 1 | 2 | 3;
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
  }
  export default WebSocket;
}
