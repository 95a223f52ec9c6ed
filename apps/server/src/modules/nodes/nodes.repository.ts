import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** A routed call as its target reads it: what to send, and how much of the origin's timeout is left. */
export type TakenCall = {
  origin_node: string;
  product_code: string;
  action: string;
  payload: unknown;
  remaining_ms: number;
};

/** What the target wrote back: the charger's answer, or the code of the AppError it got. */
export type CallOutcome = { answer: unknown } | { errorCode: number; errorMessage: string };

/** Times are the database's (`now()`), so that the nodes' own clocks need not agree. */
const olderThan = (ms: number) => sql<Date>`now() - ${ms} * interval '1 millisecond'`;

export function nodesRepository(db: Db) {
  return {
    /** Creates or refreshes the node's row; a node removed as dead by another comes back with its next beat. */
    beat: async (id: string, { started = false } = {}): Promise<void> => {
      await db
        .insertInto('nodes')
        .values({ id })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            heartbeat_at: sql`now()`,
            ...(started && { started_at: sql`now()` }),
          }),
        )
        .execute();
    },

    /** Nodes whose heartbeat is older than `staleMs`. */
    dead: async (staleMs: number): Promise<string[]> =>
      (
        await db.selectFrom('nodes').select('id').where('heartbeat_at', '<', olderThan(staleMs)).execute()
      ).map((r) => r.id),

    known: async (): Promise<string[]> =>
      (await db.selectFrom('nodes').select('id').execute()).map((r) => r.id),

    isAlive: async (id: string, staleMs: number): Promise<boolean> =>
      (await db
        .selectFrom('nodes')
        .select('id')
        .where('id', '=', id)
        .where('heartbeat_at', '>=', olderThan(staleMs))
        .executeTakeFirst()) !== undefined,

    /** Removes the rows of these nodes that are still dead (one may have come back meanwhile). */
    removeDead: async (ids: string[], staleMs: number): Promise<void> => {
      if (ids.length === 0) return;
      await db
        .deleteFrom('nodes')
        .where('id', 'in', ids)
        .where('heartbeat_at', '<', olderThan(staleMs))
        .execute();
    },

    remove: async (id: string): Promise<void> => {
      await db.deleteFrom('nodes').where('id', '=', id).execute();
    },

    /** Writes a call for `target` and wakes it on its channel (delivered when the statement commits). */
    insertCall: async (call: {
      id: string;
      target: string;
      origin: string;
      productCode: string;
      action: string;
      payload: unknown;
      timeoutMs: number;
      channel: string;
    }): Promise<void> => {
      await sql`
        with c as (
          insert into node_calls (id, target_node, origin_node, product_code, action, payload, timeout_ms)
          values (${call.id}, ${call.target}, ${call.origin}, ${call.productCode}, ${call.action},
                  ${JSON.stringify(call.payload)}::jsonb, ${call.timeoutMs})
          returning id)
        select pg_notify(${call.channel}, 'call ' || id) from c`.execute(db);
    },

    /** Marks a call to this node taken (once: a repeated notification finds nothing) and reads it. */
    takeCall: async (id: string, target: string): Promise<TakenCall | undefined> =>
      (
        await sql<TakenCall>`
          update node_calls set taken_at = now()
          where id = ${id} and target_node = ${target} and taken_at is null
          returning origin_node, product_code, action, payload,
            greatest(0, timeout_ms - extract(epoch from now() - created_at) * 1000)::integer as remaining_ms`.execute(
          db,
        )
      ).rows[0],

    /** Writes the outcome and wakes the origin, unless it gave up and deleted the call meanwhile. */
    answerCall: async (id: string, outcome: CallOutcome, channel: string): Promise<void> => {
      const answer = 'answer' in outcome ? JSON.stringify(outcome.answer) : null;
      const [code, message] = 'answer' in outcome ? [null, null] : [outcome.errorCode, outcome.errorMessage];
      await sql`
        with a as (
          update node_calls
          set answer = ${answer}::jsonb, error_code = ${code}, error_message = ${message}, answered_at = now()
          where id = ${id}
          returning id)
        select pg_notify(${channel}, 'answer ' || id) from a`.execute(db);
    },

    /** Takes the answer of a call this node made, deleting the call; undefined while unanswered. */
    collectAnswer: async (
      id: string,
    ): Promise<{ answer: unknown; error_code: number | null; error_message: string | null } | undefined> =>
      db
        .deleteFrom('node_calls')
        .where('id', '=', id)
        .where('answered_at', 'is not', null)
        .returning(['answer', 'error_code', 'error_message'])
        .executeTakeFirst(),

    deleteCall: async (id: string): Promise<void> => {
      await db.deleteFrom('node_calls').where('id', '=', id).execute();
    },

    /** Calls to this node not taken yet: those whose notification came while it was not listening. */
    waitingCalls: async (target: string): Promise<string[]> =>
      (
        await db
          .selectFrom('node_calls')
          .select('id')
          .where('target_node', '=', target)
          .where('taken_at', 'is', null)
          .execute()
      ).map((r) => r.id),

    /** Deletes the calls older than their timeout plus `graceMs`: their origin gave up or died. */
    pruneCalls: async (graceMs: number): Promise<void> => {
      await db
        .deleteFrom('node_calls')
        .where(sql<boolean>`created_at < now() - (timeout_ms + ${graceMs}) * interval '1 millisecond'`)
        .execute();
    },

    /** A notification on `channel` (a node's). */
    notify: async (channel: string, payload: string): Promise<void> => {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
  };
}

export type NodesRepository = ReturnType<typeof nodesRepository>;
