import { sql } from 'kysely';
import type { Db, Trx } from '../../db/client.ts';

export type EntryRow = { id_tag: string; status: string | null; version: number };
export type ChargerListRow = {
  charger_id: number;
  version: number;
  state: string;
  send_max_length: number | null;
  max_length: number | null;
  updated_at: Date;
};

/** The local_list_* tables: a site's switch and list, and what each charger holds. */
export function localListRepository(db: Db | Trx) {
  return {
    site: (stationId: number) =>
      db.selectFrom('local_list_sites').selectAll().where('station_id', '=', stationId).executeTakeFirst(),

    /** The site's row, made if missing, locked until the transaction ends: one node computes a version at a time. */
    lockSite: async (stationId: number) => {
      await db
        .insertInto('local_list_sites')
        .values({ station_id: stationId })
        .onConflict((oc) => oc.column('station_id').doNothing())
        .execute();
      return db
        .selectFrom('local_list_sites')
        .selectAll()
        .where('station_id', '=', stationId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    setSite: (stationId: number, values: { enabled?: boolean; version?: number }, at: Date) =>
      db
        .updateTable('local_list_sites')
        .set({ ...values, updated_at: at })
        .where('station_id', '=', stationId)
        .execute(),

    entries: (stationId: number): Promise<EntryRow[]> =>
      db
        .selectFrom('local_list_entries')
        .select(['id_tag', 'status', 'version'])
        .where('station_id', '=', stationId)
        .orderBy('id_tag')
        .execute(),

    putEntries: async (stationId: number, entries: EntryRow[]) => {
      if (entries.length === 0) return;
      await db
        .insertInto('local_list_entries')
        .values(entries.map((e) => ({ station_id: stationId, ...e })))
        .onConflict((oc) =>
          oc.columns(['station_id', 'id_tag']).doUpdateSet({
            status: sql`excluded.status`,
            version: sql`excluded.version`,
          }),
        )
        .execute();
    },

    chargers: (chargerIds: number[]): Promise<ChargerListRow[]> =>
      chargerIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('local_list_chargers').selectAll().where('charger_id', 'in', chargerIds).execute(),

    /**
     * Of these chargers, those whose site's list is on or that hold a list they were sent (to be emptied): one
     * statement for all the chargers connecting at once, as every charger's connection asks it.
     */
    concerned: async (chargers: { stationId: number; chargerId: number }[]): Promise<Set<number>> => {
      const { rows } = await sql<{ charger_id: number }>`
        select v.charger_id
        from unnest(${chargers.map((c) => c.stationId)}::bigint[], ${chargers.map((c) => c.chargerId)}::bigint[])
          as v(station_id, charger_id)
        where coalesce((select enabled from local_list_sites s where s.station_id = v.station_id), false)
          or coalesce((select version > 0 from local_list_chargers c where c.charger_id = v.charger_id), false)`.execute(
        db,
      );
      return new Set(rows.map((r) => r.charger_id));
    },

    charger: (chargerId: number): Promise<ChargerListRow | undefined> =>
      db.selectFrom('local_list_chargers').selectAll().where('charger_id', '=', chargerId).executeTakeFirst(),

    setCharger: (
      chargerId: number,
      values: Partial<Omit<ChargerListRow, 'charger_id' | 'updated_at'>>,
      at: Date,
    ) =>
      db
        .insertInto('local_list_chargers')
        .values({ charger_id: chargerId, ...values, updated_at: at })
        .onConflict((oc) => oc.column('charger_id').doUpdateSet({ ...values, updated_at: at }))
        .execute(),
  };
}
