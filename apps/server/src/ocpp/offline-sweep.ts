import type { FastifyBaseLogger } from 'fastify';
import type { ChargerService } from '../modules/chargers/chargers.service.ts';
import type { ChargingSessionService } from '../modules/chargers/charging-sessions.service.ts';
import type { ConnectionRegistry } from './connection-registry.ts';
import type { FailureLimiter } from './failure-limiter.ts';

export type SweepOptions = {
  chargers: Pick<ChargerService, 'touch' | 'markStaleOffline'>;
  sessions: Pick<ChargingSessionService, 'closeStuckSessions'>;
  registry: ConnectionRegistry;
  limiter: FailureLimiter;
  pingIntervalMs: number;
  stuckSessionAfterMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
};

/**
 * One pass of the periodic sweep (every ping interval, on every node):
 * 1. vouch, in one write, for the sockets this node holds (their chargers' last_seen_at becomes now), and claim
 *    back a charger another node marked offline while this one could not reach the database;
 * 2. mark offline the chargers still marked connected that no node vouched for in 3 intervals: their node died
 *    (a live node vouches every interval, so 3 leaves one interval of slack over the 2-interval socket rule);
 * 3. close the ongoing sessions of chargers offline for longer than `stuckSessionAfterMs` (docs/ocpp.md).
 */
export async function sweepOnce(o: SweepOptions): Promise<void> {
  // The cut-offs are taken before vouching: a row vouched for in this pass is never older than them.
  const at = o.now().getTime();
  o.limiter.prune();
  await o.chargers.touch(o.registry.sockets());
  const offline = await o.chargers.markStaleOffline(new Date(at - 3 * o.pingIntervalMs));
  const closed = await o.sessions.closeStuckSessions(new Date(at - o.stuckSessionAfterMs));
  if (offline > 0 || closed > 0) o.log.info({ offline, closed }, 'OCPP sweep');
}
