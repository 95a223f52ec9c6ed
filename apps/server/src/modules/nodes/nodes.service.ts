import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { codes, type ErrorCode } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { nodeChannel } from './node-channel.ts';
import { nodesRepository, type CallOutcome } from './nodes.repository.ts';

export type NodeServiceDeps = {
  db: Db;
  nodeId: string;
  /** The ping interval: nodes beat every half of it (the sweep), and one silent for 1.5 of them is dead. */
  pingIntervalMs: number;
  log: FastifyBaseLogger;
};

/** What this node does for the others: send a call on a socket it holds, close a socket another node replaced. */
export type NodeHandlers = {
  /** Sends on this node's own socket only (never routes again); throws AppError like the registry. */
  call: (productCode: string, action: string, payload: unknown, timeoutMs: number) => Promise<unknown>;
  /** Another node took over the charger: close the socket `connectionId` if this node still holds that one. */
  replaced: (productCode: string, connectionId: string) => void;
};

/**
 * The channel a node listens on. PostgreSQL cuts channel names at 63 bytes and a node id may be a long host name,
 * so the name is a hash of the id.
 */
export const nodeChannelName = (nodeId: string) =>
  `plugboard_node_${createHash('sha256').update(nodeId).digest('hex').slice(0, 32)}`;

/**
 * The nodes sharing the database: this node's row and heartbeat, who is dead, and commands routed through
 * PostgreSQL to the node that holds a charger's socket (a `node_calls` row and a notification each way).
 */
export function nodeService({ db, nodeId, pingIntervalMs, log }: NodeServiceDeps) {
  const repo = nodesRepository(db);
  // Nodes beat every half interval (the sweep): dead after three missed beats, noticed within 2 intervals.
  const deadAfterMs = 1.5 * pingIntervalMs;
  const waiting = new Map<string, { resolve: (answer: unknown) => void; reject: (error: Error) => void }>();
  const serving = new Set<Promise<void>>();
  let handlers: NodeHandlers | undefined;

  const track = (work: Promise<void>, what: string) => {
    const settled = work.catch((error: unknown) => log.error({ err: error }, `${what} failed`));
    serving.add(settled);
    void settled.finally(() => serving.delete(settled));
  };

  const serve = async (id: string) => {
    const call = await repo.takeCall(id, nodeId);
    if (!call || !handlers) return;
    let outcome: CallOutcome;
    try {
      outcome = {
        answer: await handlers.call(call.product_code, call.action, call.payload, call.remaining_ms),
      };
    } catch (error) {
      if (!(error instanceof AppError)) log.error({ err: error, action: call.action }, 'routed call failed');
      outcome =
        error instanceof AppError
          ? { errorCode: error.code, errorMessage: error.message }
          : { errorCode: codes.operationFailed, errorMessage: new AppError(codes.operationFailed).message };
    }
    await repo.answerCall(id, outcome, nodeChannelName(call.origin_node));
  };

  const collect = async (id: string) => {
    if (!waiting.has(id)) return;
    const row = await repo.collectAnswer(id);
    const waiter = waiting.get(id);
    if (!row || !waiter) return;
    waiting.delete(id);
    if (row.error_code === null) waiter.resolve(row.answer);
    else waiter.reject(new AppError(row.error_code as ErrorCode, row.error_message ?? undefined));
  };

  const onMessage = (message: string) => {
    const [kind, first = '', second = ''] = message.split(' ');
    if (kind === 'call') track(serve(first), 'a routed call');
    else if (kind === 'answer') track(collect(first), 'reading a routed answer');
    else if (kind === 'replaced') handlers?.replaced(first, second);
  };

  const channel = nodeChannel({
    db,
    channel: nodeChannelName(nodeId),
    onMessage,
    // Notifications sent while the connection was down are lost; the tables still have what they announced.
    onListening: () => {
      track(
        (async () => {
          for (const id of await repo.waitingCalls(nodeId)) track(serve(id), 'a routed call');
          for (const id of waiting.keys()) track(collect(id), 'reading a routed answer');
        })(),
        'catching up on routed calls',
      );
    },
    retryMs: Math.min(pingIntervalMs, 5000),
    log,
  });

  return {
    nodeId,

    /** Registers this node (a new start under the same id) and listens for the other nodes. */
    start: async (h: NodeHandlers): Promise<void> => {
      handlers = h;
      await repo.beat(nodeId, { started: true });
      await channel.listen();
    },

    /** Every sweep: this node is alive (its row comes back if another node had removed it). */
    heartbeat: (): Promise<void> => repo.beat(nodeId),

    /** The nodes whose heartbeat is older than 1.5 ping intervals. */
    deadNodes: (): Promise<string[]> => repo.dead(deadAfterMs),

    /** Every node the database knows (alive, or dead and not yet forgotten). */
    knownNodes: (): Promise<string[]> => repo.known(),

    /** Removes dead nodes' rows, once their chargers are marked offline. */
    forget: (ids: string[]): Promise<void> => repo.removeDead(ids, deadAfterMs),

    isAlive: (id: string): Promise<boolean> => repo.isAlive(id, deadAfterMs),

    /**
     * Has `target` send a CALL on its socket and returns its answer, or throws the AppError it got. No answer
     * within `timeoutMs` (the target died or is cut off) is 1003, as for a charger that does not answer.
     */
    call: async (
      target: string,
      productCode: string,
      action: string,
      payload: unknown,
      timeoutMs: number,
    ): Promise<unknown> => {
      const id = randomUUID();
      const answered = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError(codes.chargerOffline)), timeoutMs);
      });
      const outcome = Promise.race([answered, timedOut]);
      // Awaited once the call is written; it may settle before (a slow insert, the node closing).
      outcome.catch(() => {});
      try {
        await repo.insertCall({
          id,
          target,
          origin: nodeId,
          productCode,
          action,
          payload,
          timeoutMs,
          channel: nodeChannelName(target),
        });
        return await outcome;
      } catch (error) {
        if (waiting.delete(id)) await repo.deleteCall(id).catch(() => {});
        throw error;
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },

    /** Tells `target` that this node's socket for the charger replaced its socket `connectionId`. */
    tellReplaced: (target: string, productCode: string, connectionId: string): Promise<void> =>
      repo.notify(nodeChannelName(target), `replaced ${productCode} ${connectionId}`),

    /** Deletes routed calls their origin stopped waiting for (one sweep period after their timeout). */
    pruneCalls: (): Promise<void> => repo.pruneCalls(pingIntervalMs),

    /** Stops listening, lets calls under way finish and removes this node's row. */
    close: async (): Promise<void> => {
      await channel.close();
      for (const waiter of waiting.values()) waiter.reject(new AppError(codes.chargerOffline));
      waiting.clear();
      while (serving.size > 0) await Promise.allSettled([...serving]);
      await repo.remove(nodeId);
    },
  };
}

export type NodeService = ReturnType<typeof nodeService>;
