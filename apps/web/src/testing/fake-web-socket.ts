import { afterEach, beforeEach, vi } from 'vitest';

/** A WebSocket that a test drives: it records what the page sent and lets the test open, push and close. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  closedByPage: { code?: number; reason?: string } | null = null;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code?: number, reason?: string) {
    this.closedByPage = { code, reason };
  }

  open() {
    this.onopen?.();
  }

  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

/** Called in a describe: each of its tests has FakeWebSocket as the page's WebSocket, no socket yet, and fake timers. */
export function withFakeWebSocket() {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
