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
     * Whether the site's list is on or the charger holds a list it was sent (to be emptied): one statement, as every
     * charger's connection asks it.
     */
    concerns: async (stationId: number, chargerId: number): Promise<boolean> => {
      const { rows } = await sql<{ concerns: boolean }>`
        select coalesce((select enabled from local_list_sites where station_id = ${stationId}), false)
          or coalesce((select version > 0 from local_list_chargers where charger_id = ${chargerId}), false)
          as concerns`.execute(db);
      return rows[0]?.concerns === true;
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
