import type { V16Handler } from '../handler.ts';

// Liveness itself is kept by the socket (pings) and the sweep; a heartbeat only gives the charger our clock.
export const heartbeat: V16Handler<'Heartbeat'> = (_params, { now }) =>
  Promise.resolve({ currentTime: now().toISOString() });
