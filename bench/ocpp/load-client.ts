// One load client process, forked by ocpp.ts. It holds its share of the simulated chargers as bare WebSockets
// (ws-client.ts) with hand-written OCPP-J frames: the simulator's ocpp-rpc client (schema validation, queues, timers
// per charger) would spend the CPU this benchmark means to leave to the server. Processes, not worker threads, because a
// process has its own open-file limit and 20,000 sockets do not fit in one.
import { createHistogram, performance } from 'node:perf_hooks';
import type { FromClient, LoadAction, LoadResult, ToClient, UpResult } from './protocol.ts';
import { loadActions } from './protocol.ts';
import { portPicker } from './local-ports.ts';
import { bootPayload, payloadOf, statusPayload } from './payloads.ts';
import { endpointOf } from './ws-wire.ts';
import { call, createSim, drop, expireCalls, fleet, open, reasonOf, type Sim } from './sim-socket.ts';

const maxAttempts = 5;

const send = (message: FromClient) => void process.send?.(message);

process.on('message', (message: ToClient) => {
  handle(message).catch((error: unknown) => send({ type: 'failed', message: String(error) }));
});

async function handle(message: ToClient): Promise<void> {
  switch (message.type) {
    case 'init':
      fleet.urls = message.urls;
      fleet.endpoints = message.urls.map(endpointOf);
      fleet.callTimeoutMs = message.callTimeoutMs;
      fleet.localPort = portPicker(message.ports);
      fleet.sims = message.chargers.map(({ code, pin }, i) =>
        createSim(
          code,
          pin,
          (message.firstIndex + i) % message.urls.length,
          message.localAddresses[i % message.localAddresses.length] ?? '127.0.0.1',
        ),
      );
      setInterval(expireCalls, 1000).unref();
      send({ type: 'ready' });
      return;
    case 'connect':
      send(await bringUp(fleet.sims, message.concurrency, message.timeoutMs));
      return;
    case 'load':
      send(await load(message.rate, message.durationMs, message.mix));
      return;
    case 'storm': {
      const targets = fleet.sims.filter((s) => s.booted).slice(0, message.count);
      // All at once: each charger sees its socket die, as after a network cut, and reconnects right away.
      for (const sim of targets) drop(sim);
      send(await bringUp(targets, message.concurrency, message.timeoutMs));
      return;
    }
    case 'stop':
      await stopAll();
      send({ type: 'stopped' });
      return process.exit(0);
  }
}

/**
 * Brings chargers up with at most `concurrency` of them between handshake and boot at once, like a fleet whose
 * chargers retry on their own: a failed attempt is retried after about a second, up to 5 attempts.
 */
async function bringUp(targets: Sim[], concurrency: number, timeoutMs: number): Promise<UpResult> {
  const start = performance.now();
  const deadline = start + timeoutMs;
  const acceptedAt: number[] = [];
  const handshakeMs: number[] = [];
  const bootMs: number[] = [];
  const failures: Record<string, number> = {};
  let settledMs = 0;
  let next = 0;
  const fail = (reason: string) => (failures[reason] = (failures[reason] ?? 0) + 1);

  const attempt = async (sim: Sim): Promise<boolean> => {
    const t0 = performance.now();
    try {
      await open(sim);
    } catch (error) {
      fail(reasonOf(error));
      drop(sim);
      return false;
    }
    const t1 = performance.now();
    handshakeMs.push(t1 - t0);
    const boot = await call(sim, 'BootNotification', bootPayload);
    if (!boot.ok || boot.payload.status !== 'Accepted') {
      fail(boot.ok ? `Boot ${String(boot.payload.status)}` : boot.reason);
      drop(sim);
      return false;
    }
    const t2 = performance.now();
    bootMs.push(t2 - t1);
    acceptedAt.push(t2 - start);
    sim.booted = true;
    const status = await call(sim, 'StatusNotification', statusPayload(sim, 'Available'));
    if (!status.ok) fail(`Status ${status.reason}`);
    settledMs = Math.max(settledMs, performance.now() - start);
    return true;
  };

  const worker = async () => {
    while (next < targets.length && performance.now() < deadline) {
      const sim = targets[next++]!;
      for (let i = 1; i <= maxAttempts && performance.now() < deadline; i++) {
        if (await attempt(sim)) break;
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  return {
    type: 'up',
    wanted: targets.length,
    accepted: targets.filter((s) => s.booted).length,
    acceptedByNode: byNode(targets.filter((s) => s.booted)),
    acceptedAtMs: Float64Array.from(acceptedAt).sort(),
    settledMs,
    failures,
    handshakeMs: Float64Array.from(handshakeMs),
    bootMs: Float64Array.from(bootMs),
  };
}

/**
 * Open-loop load: every 5 ms it sends what the schedule (rate x elapsed time) asks for, each message from the next
 * charger in turn that has no CALL in flight; when all have one, the message is counted as not sent.
 */
async function load(rate: number, durationMs: number, mix: Record<LoadAction, number>): Promise<LoadResult> {
  const capacity = Math.ceil((rate * durationMs) / 1000) + 1000;
  const latencies = Object.fromEntries(loadActions.map((a) => [a, new Float64Array(capacity)])) as Record<
    LoadAction,
    Float64Array
  >;
  const zero = () => Object.fromEntries(loadActions.map((a) => [a, 0])) as Record<LoadAction, number>;
  const sent = zero();
  const answered = zero();
  const answeredByNode = fleet.urls.map(() => 0);
  // Every answered CALL: when it was sent (ms since the epoch), its round trip and its node (--timeline).
  const trace = {
    at: new Float64Array(capacity),
    ms: new Float32Array(capacity),
    node: new Uint8Array(capacity),
  };
  let traced = 0;
  let callErrors = 0;
  let timeouts = 0;
  let notSent = 0;
  let inFlight = 0;
  const weights = loadActions.map((a) => mix[a]);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pick = (): LoadAction => {
    let r = Math.random() * totalWeight;
    for (let i = 0; i < loadActions.length; i++) if ((r -= weights[i]!) < 0) return loadActions[i]!;
    return 'Heartbeat';
  };

  // The event-loop delay, measured as monitorEventLoopDelay({ resolution: 5 }) does (the time from one 5 ms tick to
  // the next), by the tick that sends: its own timer would wake the process 200 more times a second.
  const loop = createHistogram();
  const sims = fleet.sims;
  const start = performance.now();
  let lastTick = start;
  let scheduled = 0;
  let cursor = 0;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const now = performance.now();
      loop.record(Math.max(1, Math.round((now - lastTick) * 1e6)));
      lastTick = now;
      const elapsed = Math.min(now - start, durationMs);
      const due = Math.floor((rate * elapsed) / 1000) - scheduled;
      scheduled += due;
      let left = due;
      for (let scanned = 0; left > 0 && scanned < sims.length; scanned++) {
        const sim = sims[cursor]!;
        cursor = (cursor + 1) % sims.length;
        if (!sim.booted || sim.pending) continue;
        const action = pick();
        sent[action]++;
        inFlight++;
        left--;
        const at = performance.now();
        void call(sim, action, payloadOf[action](sim)).then((answer) => {
          inFlight--;
          if (answer.ok) {
            answeredByNode[sim.node]!++;
            const n = answered[action]++;
            const ms = performance.now() - at;
            if (n < capacity) latencies[action][n] = ms;
            if (traced < capacity) {
              trace.at[traced] = performance.timeOrigin + at;
              trace.ms[traced] = ms;
              trace.node[traced++] = sim.node;
            }
          } else if (answer.reason === 'timeout') timeouts++;
          else callErrors++;
        });
      }
      notSent += left;
      if (elapsed >= durationMs) {
        clearInterval(timer);
        done();
      }
    }, 5);
  });
  // Let the last CALLs come back (each is bounded by the call timeout).
  const drainUntil = performance.now() + fleet.callTimeoutMs + 2000;
  while (inFlight > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  return {
    type: 'load',
    sent,
    answered,
    answeredByNode,
    callErrors,
    timeouts,
    notSent,
    latencies: Object.fromEntries(
      loadActions.map((a) => [a, latencies[a].slice(0, Math.min(answered[a], capacity))]),
    ) as Record<LoadAction, Float64Array>,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    loopDelayMaxMs: loop.max / 1e6,
    trace: {
      at: trace.at.slice(0, traced),
      ms: trace.ms.slice(0, traced),
      node: trace.node.slice(0, traced),
    },
    held: sims.filter((s) => s.booted).length,
    heldByNode: byNode(sims.filter((s) => s.booted)),
  };
}

/** How many of `sims` connect to each server node. */
function byNode(sims: Sim[]): number[] {
  const counts = fleet.urls.map(() => 0);
  for (const sim of sims) counts[sim.node]!++;
  return counts;
}

async function stopAll() {
  const sims = fleet.sims;
  for (const sim of sims) sim.ws?.close(1000);
  const until = performance.now() + 5000;
  while (sims.some((s) => s.ws) && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  for (const sim of sims) drop(sim);
}
