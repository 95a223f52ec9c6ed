import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type OcppMessageRow = Selectable<Database['ocpp_messages']>;
export type ConnectionRow = Selectable<Database['charger_connections']>;
export type NewOcppMessage = Insertable<Database['ocpp_messages']>;
export type NewConnection = Insertable<Database['charger_connections']>;
export type SecurityEventRow = Selectable<Database['charger_security_events']>;
export type NewSecurityEvent = Insertable<Database['charger_security_events']>;

export type MessageFilter = {
  chargerId: number;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows older than this id (the page before); the newest first. */
  beforeId?: number | undefined;
  limit: number;
};

/** Any lock id of its own: one node at a time deletes old rows. */
const retentionLock = 7351020;

/** ocpp_messages and charger_connections: the OCPP message log and the connection history. */
export function ocppLogRepository(db: Db) {
  return {
    /** A batch as one statement of ten arrays (meter-values.repository.ts says why): one row per exchange. */
    insertMessages: async (rows: NewOcppMessage[]): Promise<void> => {
      if (rows.length === 0) return;
      const column = <K extends keyof NewOcppMessage>(key: K) => rows.map((r) => r[key] ?? null);
      await sql`
        insert into ocpp_messages
          (charger_id, at, answered_at, direction, kind, message_id, action, error_code, payload, answer)
        select charger_id, at, answered_at, direction, kind, message_id, action, error_code, payload::json, answer::json
        from unnest(${column('charger_id')}::integer[], ${column('at')}::timestamptz[],
          ${column('answered_at')}::timestamptz[], ${column('direction')}::text[], ${column('kind')}::text[],
          ${column('message_id')}::text[], ${column('action')}::text[], ${column('error_code')}::text[],
          ${column('payload')}::text[], ${column('answer')}::text[])
          as t(charger_id, at, answered_at, direction, kind, message_id, action, error_code, payload, answer)`.execute(
        db,
      );
    },

    /**
     * A batch of the connection history (two rows a connection) as one statement of arrays, as the messages: one
     * text whatever the rows (a named statement), where a VALUES list of 8 parameters a row was built by Kysely and
     * parsed and planned by PostgreSQL at each batch (bench/ocpp README, session 12).
     */
    insertConnections: async (rows: NewConnection[]): Promise<void> => {
      if (rows.length === 0) return;
      const column = <K extends keyof NewConnection>(key: K) => rows.map((r) => r[key] ?? null);
      await sql`
        insert into charger_connections
          (product_code, at, event, close_code, reason, http_status, remote_address, node_id)
        select * from unnest(${column('product_code')}::text[], ${column('at')}::timestamptz[],
          ${column('event')}::text[], ${column('close_code')}::integer[], ${column('reason')}::text[],
          ${column('http_status')}::integer[], ${column('remote_address')}::text[], ${column('node_id')}::text[])`.execute(
        db,
      );
    },

    insertSecurityEvent: async (row: NewSecurityEvent): Promise<void> => {
      await db.insertInto('charger_security_events').values(row).execute();
    },

    securityEvents: (chargerId: number, limit: number, beforeId?: number): Promise<SecurityEventRow[]> => {
      let query = db.selectFrom('charger_security_events').selectAll().where('charger_id', '=', chargerId);
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      return query.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    messages: (f: MessageFilter): Promise<OcppMessageRow[]> => {
      let query = db.selectFrom('ocpp_messages').selectAll().where('charger_id', '=', f.chargerId);
      // The action as typed, case-insensitively: "boot" finds BootNotification.
      if (f.action) query = query.where('action', 'ilike', `%${escapeLike(f.action)}%`);
      if (f.from) query = query.where('at', '>=', f.from);
      if (f.to) query = query.where('at', '<', f.to);
      if (f.beforeId !== undefined) query = query.where('id', '<', f.beforeId);
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
    },

    connections: (productCode: string, limit: number, beforeId?: number): Promise<ConnectionRow[]> => {
      let query = db
        .selectFrom('charger_connections')
        .selectAll()
        .where('product_code', '=', productCode.toLowerCase());
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /**
     * Deletes rows older than `cutoff`, at most `batch` of each table per transaction, so that a week of a busy
     * site's messages does not hold one long lock. Only one node deletes at a time (the others skip): several nodes
     * deleting the same rows would only wait on each other. Answers the rows deleted, or null when another node holds
     * the lock.
     */
    deleteOlderThan: (cutoff: Date, securityCutoff: Date, batch: number): Promise<number | null> =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(${retentionLock}) as locked`.execute(trx);
        if (!rows[0]?.locked) return null;
        const messages = await sql`
          delete from ocpp_messages where id in
            (select id from ocpp_messages where at < ${cutoff} order by at limit ${batch})`.execute(trx);
        const connections = await sql`
          delete from charger_connections where id in
            (select id from charger_connections where at < ${cutoff} order by at limit ${batch})`.execute(
          trx,
        );
        const security = await sql`
          delete from charger_security_events where id in
            (select id from charger_security_events where received_at < ${securityCutoff}
             order by received_at limit ${batch})`.execute(trx);
        return [messages, connections, security].reduce((sum, r) => sum + Number(r.numAffectedRows ?? 0n), 0);
      }),
  };
}

export type OcppLogRepository = ReturnType<typeof ocppLogRepository>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
