import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { serverSecret } from '../../lib/server-secrets.repository.ts';
import type { Db } from '../../db/client.ts';
import { compiledQuery } from '../../db/compiled.ts';
import type { Database } from '../../db/schema.ts';

export type ChargerRow = Selectable<Database['chargers']>;
export type ConnectorRow = Selectable<Database['connectors']>;
export type NewCharger = Insertable<Database['chargers']>;

/** The columns every event about a charger needs. */
export const stateColumns = [
  'id',
  'station_id',
  'product_code',
  'status',
  'connected',
  'error_code',
  'firmware_status',
] as const;
export type ChargerState = Pick<ChargerRow, (typeof stateColumns)[number]>;

const credentialColumns = [
  'id',
  'station_id',
  'product_code',
  'security_profile',
  'pin_hash',
  'pending_pin_hash',
] as const;
/** What a handshake checks of a charger: who it is, its security profile, its PINs. */
export type ChargerCredentials = Pick<ChargerRow, (typeof credentialColumns)[number]>;

/**
 * Every handshake's read (those of a turn together), compiled once (db/compiled.ts): a reconnect storm is tens of
 * thousands of them. The codes are one parameter, so that the text (a named statement) stays the same.
 */
const byProductCodes = compiledQuery(
  () => '',
  (db, _: void, p: { codes: string[] }) =>
    db
      .selectFrom('chargers')
      .select(credentialColumns)
      .where(sql<string>`lower(product_code)`, '=', sql<string>`any(${p.codes}::text[])`),
);

export function chargersRepository(db: Db) {
  return {
    /** The stored secret of that name, created from `candidate` by the first node that asks. */
    secret: (name: string, candidate: Buffer): Promise<Buffer> => serverSecret(db, name, candidate),

    insert: (values: NewCharger): Promise<ChargerRow> =>
      db.insertInto('chargers').values(values).returningAll().executeTakeFirstOrThrow(),

    findById: (id: number): Promise<ChargerRow | undefined> =>
      db.selectFrom('chargers').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Product codes compare case-insensitively, as the unique index does. */
    findByProductCode: (productCode: string): Promise<ChargerRow | undefined> =>
      db
        .selectFrom('chargers')
        .selectAll()
        .where(sql<string>`lower(product_code)`, '=', productCode.toLowerCase())
        .executeTakeFirst(),

    /** What a handshake checks of the chargers of those product codes (compared case-insensitively), in no order. */
    credentialsByProductCodes: (productCodes: string[]): Promise<ChargerCredentials[]> =>
      byProductCodes.rows(db, undefined, { codes: productCodes.map((code) => code.toLowerCase()) }),

    update: (id: number, values: Updateable<Database['chargers']>): Promise<ChargerState | undefined> =>
      db.updateTable('chargers').set(values).where('id', '=', id).returning(stateColumns).executeTakeFirst(),

    /**
     * The chargers another node's sweep marked offline while this node still had them (it was cut off from the
     * database, or too slow to beat): their rows keep this node's id and their connection id, so that this node,
     * still holding those sockets, can claim them back. Read, not written: a live node's sockets need no write to
     * stay online (its `nodes` row vouches for them all).
     */
    releasedFrom: (nodeId: string): Promise<{ id: number; connection_id: string | null }[]> =>
      db
        .selectFrom('chargers')
        .select(['id', 'connection_id'])
        .where('node_id', '=', nodeId)
        .where('connected', '=', false)
        .execute(),

    /**
     * A backstop: chargers marked connected by no node the database knows (none, or one already forgotten), not
     * seen since `seenBefore`. The connection id stays, so that a node still holding the socket can claim the row
     * back (`releasedFrom`).
     */
    markStaleOffline: (seenBefore: Date, knownNodes: string[], at: Date): Promise<ChargerState[]> => {
      let query = db
        .updateTable('chargers')
        .set({ connected: false, status: 'offline', updated_at: at })
        .where('connected', '=', true)
        .where('last_seen_at', '<', seenBefore);
      if (knownNodes.length > 0) {
        query = query.where((eb) => eb.or([eb('node_id', 'is', null), eb('node_id', 'not in', knownNodes)]));
      }
      return query.returning(stateColumns).execute();
    },

    /**
     * Chargers marked connected by nodes found dead. As for stale ones, connection and node stay, so that a node
     * that was only cut off from the database can claim its sockets back. Their last_seen_at becomes at least
     * `lastKnownAt`, when their node was last known alive (a live node's chargers are not written to while they
     * stay quiet, so the row's value may be much older).
     */
    markOfflineOnNodes: (nodeIds: string[], lastKnownAt: Date, at: Date): Promise<ChargerState[]> =>
      db
        .updateTable('chargers')
        .set({
          connected: false,
          status: 'offline',
          updated_at: at,
          last_seen_at: sql`greatest(last_seen_at, ${lastKnownAt}::timestamptz)`,
        })
        .where('connected', '=', true)
        .where('node_id', 'in', nodeIds)
        .returning(stateColumns)
        .execute(),

    /** The node holding the socket of a connected charger (by product code), as its row says. */
    holderOf: async (productCode: string): Promise<string | undefined> =>
      (
        await db
          .selectFrom('chargers')
          .select('node_id')
          .where(sql<string>`lower(product_code)`, '=', productCode.toLowerCase())
          .where('connected', '=', true)
          .executeTakeFirst()
      )?.node_id ?? undefined,

    /** Whether the site's load management is active, the site row held FOR SHARE; undefined without the site. */
    siteLoadManagementForShare: async (stationId: number): Promise<boolean | undefined> =>
      (
        await db
          .selectFrom('sites')
          .select('is_open_load')
          .where('id', '=', stationId)
          .forShare()
          .executeTakeFirst()
      )?.is_open_load,

    /** A charger of that site, locked until the transaction ends; another site's charger is not found. */
    lockInStation: (stationId: number, chargerId: number): Promise<ChargerRow | undefined> =>
      db
        .selectFrom('chargers')
        .selectAll()
        .where('id', '=', chargerId)
        .where('station_id', '=', stationId)
        .forUpdate()
        .executeTakeFirst(),

    /**
     * Deletes the charger and (a trigger of 0042_sessions_history.sql) its readings outside sessions. Its sessions
     * stay, with their readings and the charger's names as they were at their start (charger_id becomes null).
     */
    delete: async (chargerId: number): Promise<void> => {
      await db.deleteFrom('chargers').where('id', '=', chargerId).execute();
    },

    /** Whether the charger is connected and none of its connectors has reported since its boot (nor ever). */
    awaitsStatus: async (id: number): Promise<boolean> =>
      (
        await db
          .selectFrom('chargers')
          .select((eb) =>
            eb
              .and([
                eb('connected', '=', true),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('connectors')
                      .select('connector_id')
                      .whereRef('connectors.charger_id', '=', 'chargers.id')
                      .where('connectors.status', '<>', 'online'),
                  ),
                ),
              ])
              .as('awaits'),
          )
          .where('id', '=', id)
          .executeTakeFirst()
      )?.awaits === true,

    connectors: (chargerId: number): Promise<ConnectorRow[]> =>
      db
        .selectFrom('connectors')
        .selectAll()
        .where('charger_id', '=', chargerId)
        .orderBy('connector_id')
        .execute(),

    /** The offered PIN becomes the PIN; false when none was offered. */
    promotePendingPin: async (id: number, at: Date): Promise<boolean> => {
      const row = await db
        .updateTable('chargers')
        .set((eb) => ({
          pin_hash: eb.ref('pending_pin_hash').$notNull(),
          pin_hint: eb.fn.coalesce('pending_pin_hint', 'pin_hint'),
          pending_pin_hash: null,
          pending_pin_hint: null,
          updated_at: at,
        }))
        .where('id', '=', id)
        .where('pending_pin_hash', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ChargersRepository = ReturnType<typeof chargersRepository>;
