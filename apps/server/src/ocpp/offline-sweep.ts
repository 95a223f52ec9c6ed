import type { FastifyBaseLogger } from 'fastify';
import type { ChargerService } from '../modules/chargers/chargers.service.ts';
import type { SessionService } from '../modules/sessions/sessions.service.ts';
import type { NodeService } from '../modules/nodes/nodes.service.ts';
import type { ConnectionRegistry } from './connection-registry.ts';
import type { FailureLimiter } from './failure-limiter.ts';

export type SweepOptions = {
  chargers: Pick<ChargerService, 'claimBack' | 'markOfflineOnNodes' | 'markStaleOffline'>;
  sessions: Pick<SessionService, 'closeStuckSessions'>;
  nodes: Pick<NodeService, 'nodeId' | 'heartbeat' | 'deadNodes' | 'knownNodes' | 'forget' | 'pruneCalls'>;
  registry: ConnectionRegistry;
  limiter: FailureLimiter;
  pingIntervalMs: number;
  /**
   * The sweep runs every half ping interval; every other pass is a full one. The half passes only beat and look for
   * dead nodes, so that a dead node's chargers go offline within 2 intervals of its last beat.
   */
  full: boolean;
  stuckSessionAfterMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
};

/**
 * One pass of the periodic sweep (every half ping interval, on every node; steps 2, 4, 5 and 6 every other pass,
 * i.e. every interval):
 * 1. this node's heartbeat (its `nodes` row);
 * 2. claim back the chargers another node marked offline while this one could not reach the database (a read of
 *    this node's released rows; a live node writes nothing for sockets that stay quiet: its `nodes` row vouches
 *    for them all, so 50,000 quiet chargers cost no row writes a minute);
 * 3. mark offline the chargers of nodes whose heartbeat is older than 1.5 intervals (killed, or cut off: three
 *    beats missed), their last_seen_at at least when their node was last known alive, then remove those nodes' rows;
 * 4. mark offline the chargers still marked connected by no node the database knows, not seen for 3 intervals: a
 *    backstop for rows whose node is unknown;
 * 5. delete routed calls whose origin stopped waiting;
 * 6. close the ongoing sessions of chargers offline for longer than `stuckSessionAfterMs` (docs/ocpp.md).
 */
export async function sweepOnce(o: SweepOptions): Promise<void> {
  // The cut-offs are taken before this pass writes anything.
  const at = o.now().getTime();
  await o.nodes.heartbeat();
  if (o.full) {
    o.limiter.prune();
    await o.chargers.claimBack(o.nodes.nodeId, o.registry.sockets());
  }
  const dead = await o.nodes.deadNodes();
  // A node is dead once silent for 1.5 intervals: it was last heard about then (within the half interval between
  // two passes).
  let offline = await o.chargers.markOfflineOnNodes(dead, new Date(at - 1.5 * o.pingIntervalMs));
  await o.nodes.forget(dead);
  let closed = 0;
  if (o.full) {
    offline += await o.chargers.markStaleOffline(
      new Date(at - 3 * o.pingIntervalMs),
      await o.nodes.knownNodes(),
    );
    await o.nodes.pruneCalls();
    closed = await o.sessions.closeStuckSessions(new Date(at - o.stuckSessionAfterMs));
  }
  if (offline > 0 || closed > 0 || dead.length > 0) o.log.info({ offline, closed, dead }, 'OCPP sweep');
}
