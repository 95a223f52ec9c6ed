// One simulated charger's socket: a bare WebSocket (ws-client.ts) with the ocpp1.6 subprotocol, HTTP Basic auth
// and hand-written OCPP-J frames ([2, id, action, payload]). OCPP-J allows one CALL in flight per charger, so its state
// is a single pending call.
import { performance } from 'node:perf_hooks';
import { portPicker, portTaken } from './local-ports.ts';
import { WsClient } from './ws-client.ts';
import type { Endpoint } from './ws-wire.ts';

export type Answer = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: string };
export type Pending = { id: string; action: string; at: number; resolve: (answer: Answer) => void };
export type Sim = {
  code: string;
  /** The server node it connects to, again after a drop: an index into `fleet.urls`. */
  node: number;
  authorization: string;
  localAddress: string;
  ws: WsClient | undefined;
  booted: boolean;
  /** OCPP-J: one CALL in flight per charger. */
  pending: Pending | undefined;
  seq: number;
  energyWh: number;
  statusIndex: number;
};

/** What every socket of this process shares; set once by the 'init' message. */
export const fleet = {
  urls: [] as string[],
  endpoints: [] as Endpoint[],
  callTimeoutMs: 30_000,
  sims: [] as Sim[],
  localPort: portPicker(undefined),
};

export function createSim(code: string, pin: string, node: number, localAddress: string): Sim {
  return {
    code,
    node,
    authorization: `Basic ${Buffer.from(`${code}:${pin}`).toString('base64')}`,
    localAddress,
    ws: undefined,
    booted: false,
    pending: undefined,
    seq: 0,
    energyWh: 0,
    statusIndex: 0,
  };
}

/** Sends a CALL; its answer, a CALLERROR, a closed socket or a timeout resolves the promise. */
export function call(sim: Sim, action: string, payload: string): Promise<Answer> {
  return new Promise((resolve) => {
    const ws = sim.ws;
    if (!ws || ws.state !== 'open') return resolve({ ok: false, reason: 'not open' });
    const id = String(++sim.seq);
    sim.pending = { id, action, at: performance.now(), resolve };
    ws.send(`[2,"${id}","${action}",${payload}]`);
  });
}

export function settle(sim: Sim, answer: Answer) {
  const pending = sim.pending;
  sim.pending = undefined;
  pending?.resolve(answer);
}

/** Ends the CALLs and the opening handshakes older than the time limit (one sweep, not a timer per socket). */
export function expireCalls() {
  const before = performance.now() - fleet.callTimeoutMs;
  for (const sim of fleet.sims) {
    if (sim.pending && sim.pending.at < before) settle(sim, { ok: false, reason: 'timeout' });
    if (sim.ws?.state === 'connecting' && sim.ws.startedAt < before)
      sim.ws.fail(new Error('Opening handshake has timed out'));
  }
}

function onMessage(sim: Sim, text: string) {
  const frame = JSON.parse(text) as [number, string, ...unknown[]];
  if (frame[0] === 2) {
    // The central system does not call chargers in this benchmark; answer as a charger without the feature would.
    sim.ws?.send(JSON.stringify([4, frame[1], 'NotImplemented', '', {}]));
    return;
  }
  if (frame[1] !== sim.pending?.id) return;
  if (frame[0] === 3) settle(sim, { ok: true, payload: frame[2] as Record<string, unknown> });
  else settle(sim, { ok: false, reason: `CALLERROR ${String(frame[2])}` });
}

/** Opens the charger's socket; resolves once the server accepted the handshake. */
export async function open(sim: Sim): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await openFrom(sim, fleet.localPort(sim.localAddress));
    } catch (error) {
      if (!portTaken(error) || tries === 20) throw error;
    }
  }
}

function openFrom(sim: Sim, localPort: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const { authorization, localAddress } = sim;
    const ws: WsClient = new WsClient(
      fleet.endpoints[sim.node]!,
      `/${sim.code}`,
      { authorization, localAddress, localPort },
      {
        open: resolve,
        message: (text) => onMessage(sim, text),
        closed: (error) => {
          // Before the handshake completed: refused ("Unexpected server response: 401"), reset, timed out...
          reject(error ?? new Error('closed before open'));
          if (sim.ws !== ws) return; // an older socket of a charger that reconnected
          sim.ws = undefined;
          sim.booted = false;
          settle(sim, { ok: false, reason: 'closed' });
        },
      },
    );
    sim.ws = ws;
  });
}

export function drop(sim: Sim) {
  const ws = sim.ws;
  sim.ws = undefined;
  sim.booted = false;
  settle(sim, { ok: false, reason: 'dropped' });
  ws?.terminate();
}

export const reasonOf = (error: unknown) => {
  const text =
    error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
  return text.replace(/^Unexpected server response: /, 'HTTP ');
};
