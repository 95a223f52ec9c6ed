// The messages between the benchmark (ocpp.ts) and its load client processes (load-client.ts), over the IPC
// channel of child_process.fork with 'advanced' serialization (typed arrays pass as they are).
import type { PortRange } from './local-ports.ts';

export type LoadAction = 'Heartbeat' | 'StatusNotification' | 'MeterValues';
export const loadActions: readonly LoadAction[] = ['Heartbeat', 'StatusNotification', 'MeterValues'];

export type ChargerLogin = { code: string; pin: string };

export type ToClient =
  | {
      type: 'init';
      /** One OCPP endpoint per server node: charger i of the whole run connects to node i mod N. */
      urls: string[];
      chargers: ChargerLogin[];
      /** The index of this client's first charger in the whole run. */
      firstIndex: number;
      localAddresses: string[];
      /** The local ports this client binds its sockets to (local-ports.ts). */
      ports: PortRange;
      callTimeoutMs: number;
    }
  | { type: 'connect'; concurrency: number; timeoutMs: number }
  | { type: 'load'; rate: number; durationMs: number; mix: Record<LoadAction, number> }
  | { type: 'storm'; count: number; concurrency: number; timeoutMs: number }
  | { type: 'stop' };

/** Bringing chargers up: handshake, BootNotification Accepted, then a StatusNotification (Available). */
export type UpResult = {
  type: 'up';
  wanted: number;
  accepted: number;
  /** Accepted, per server node. */
  acceptedByNode: number[];
  /** ms from the phase start until each charger's BootNotification was Accepted, sorted. */
  acceptedAtMs: Float64Array;
  /** ms until the last charger had also its StatusNotification answered. */
  settledMs: number;
  /** Why attempts failed, e.g. "HTTP 401", "ECONNRESET", "timeout" (each retried, up to 5 attempts). */
  failures: Record<string, number>;
  /** Handshake (HTTP upgrade) round trips, ms. */
  handshakeMs: Float64Array;
  /** BootNotification round trips, ms. */
  bootMs: Float64Array;
};

export type LoadResult = {
  type: 'load';
  sent: Record<LoadAction, number>;
  answered: Record<LoadAction, number>;
  /** CALLs answered, all actions, per server node. */
  answeredByNode: number[];
  callErrors: number;
  timeouts: number;
  /** Messages the schedule wanted but every charger of this client had a CALL in flight. */
  notSent: number;
  /** Round trips of answered CALLs, ms, per action. */
  latencies: Record<LoadAction, Float64Array>;
  /** This process's event-loop delay, ms: it inflates the round trips it measures. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Every answered CALL: sent at (ms since the epoch), its round trip (ms) and its node; for --timeline. */
  trace: { at: Float64Array; ms: Float32Array; node: Uint8Array };
  /** Chargers still connected and booted when the phase ended. */
  held: number;
  heldByNode: number[];
};

export type FromClient =
  { type: 'ready' } | UpResult | LoadResult | { type: 'stopped' } | { type: 'failed'; message: string };
