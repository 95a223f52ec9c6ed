import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type LoadChargerRow = Selectable<Database['load_chargers']>;
export type BandRow = Selectable<Database['load_schedule_bands']>;

/** What the allocator gave a charger, stored to send only what changed and to carry the rotation state. */
export type StoredAllocation = {
  chargerId: number;
  limitA: number | null;
  fallbackA: number;
  reason: string;
  sitePhasesA: readonly [number, number, number];
  servedSince: Date | null;
  waitingSince: Date | null;
  profileTransactionId: string | null;
  /** Set when its TxProfile is sent now: updated_at says when it was last sent (refreshed before it lapses). */
  sentAt: Date | null;
};

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The load module's tables: load_chargers, load_sites, load_schedule_bands. */
export function loadRepository(db: Kysely<Database>) {
  return {
    /** Every charger's settings and last allocation; a charger without a row gets one with the defaults. */
    chargersOf: async (stationId: number, chargerIds: number[]): Promise<LoadChargerRow[]> => {
      if (chargerIds.length > 0) {
        await db
          .insertInto('load_chargers')
          .values(chargerIds.map((id) => ({ charger_id: id, station_id: stationId })))
          .onConflict((oc) => oc.column('charger_id').doNothing())
          .execute();
      }
      const rows = await db
        .selectFrom('load_chargers')
        .selectAll()
        .where('station_id', '=', stationId)
        .orderBy('charger_id')
        .execute();
      return rows;
    },

    saveSettings: (
      stationId: number,
      chargerId: number,
      s: { phases: 1 | 3; wiring: number[]; minA: number; maxA: number | null },
    ) =>
      db
        .insertInto('load_chargers')
        .values({
          charger_id: chargerId,
          station_id: stationId,
          phases: s.phases,
          wiring: s.wiring,
          min_a: s.minA,
          max_a: s.maxA,
        })
        .onConflict((oc) =>
          oc.column('charger_id').doUpdateSet({
            phases: s.phases,
            wiring: s.wiring,
            min_a: s.minA,
            max_a: s.maxA,
            updated_at: sql`now()`,
          }),
        )
        .execute(),

    /** Every changed allocation in one statement: a storm of arrivals changes every charger's share at once. */
    saveAllocations: async (rows: StoredAllocation[]) => {
      if (rows.length === 0) return;
      const col = <T>(pick: (a: StoredAllocation) => T) => rows.map(pick);
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      await sql`
        update load_chargers l set
          limit_a = v.limit_a, fallback_a = v.fallback_a, reason = v.reason,
          site_phases_a = v.site_phases_a::double precision[], served_since = v.served_since,
          waiting_since = v.waiting_since, profile_transaction_id = v.profile_transaction_id,
          updated_at = coalesce(v.sent_at, l.updated_at)
        from unnest(
          ${col((a) => a.chargerId)}::bigint[], ${col((a) => a.limitA)}::numeric[],
          ${col((a) => a.fallbackA)}::numeric[], ${col((a) => a.reason)}::text[],
          ${col((a) => `{${a.sitePhasesA.join(',')}}`)}::text[], ${col((a) => iso(a.servedSince))}::timestamptz[],
          ${col((a) => iso(a.waitingSince))}::timestamptz[], ${col((a) => a.profileTransactionId)}::text[],
          ${col((a) => iso(a.sentAt))}::timestamptz[]
        ) as v(charger_id, limit_a, fallback_a, reason, site_phases_a, served_since, waiting_since,
          profile_transaction_id, sent_at)
        where l.charger_id = v.charger_id`.execute(db);
    },

    /** The charger refused (or accepted again) charging profiles; 'W' when only watts are accepted. */
    markProfiles: (chargerId: number, rejects: boolean, rateUnit: 'A' | 'W') =>
      db
        .updateTable('load_chargers')
        .set({ rejects_profiles: rejects, rate_unit: rateUnit })
        .where('charger_id', '=', chargerId)
        .execute(),

    /** What was to be sent did not reach the charger: the next allocation sends it again. */
    forgetSent: (chargerId: number) =>
      db
        .updateTable('load_chargers')
        .set({ limit_a: null, fallback_a: null })
        .where('charger_id', '=', chargerId)
        .execute(),

    /** Forgets every charger's last allocation (load management turned off: the profiles were cleared). */
    clearAllocations: (stationId: number) =>
      db
        .updateTable('load_chargers')
        .set({
          limit_a: null,
          fallback_a: null,
          reason: 'idle',
          site_phases_a: [0, 0, 0],
          served_since: null,
          waiting_since: null,
          profile_transaction_id: null,
          rejects_profiles: false,
        })
        .where('station_id', '=', stationId)
        .execute(),

    /** Locks the site's load row for the transaction: one allocation of a site at a time, on any node. */
    lockSite: async (stationId: number) => {
      await db
        .insertInto('load_sites')
        .values({ station_id: stationId })
        .onConflict((oc) => oc.column('station_id').doNothing())
        .execute();
      return db
        .selectFrom('load_sites')
        .selectAll()
        .where('station_id', '=', stationId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    saveMeter: async (stationId: number, currentA: number[], at: Date) => {
      await db
        .insertInto('load_sites')
        .values({ station_id: stationId, meter_a: currentA, meter_at: at })
        .onConflict((oc) => oc.column('station_id').doUpdateSet({ meter_a: currentA, meter_at: at }))
        .execute();
    },

    site: (stationId: number) =>
      db.selectFrom('load_sites').selectAll().where('station_id', '=', stationId).executeTakeFirst(),

    saveSite: (stationId: number, computedAt: Date, nextChangeAt: Date | null, phases: unknown) =>
      db
        .updateTable('load_sites')
        .set({ computed_at: computedAt, next_change_at: nextChangeAt, phases: JSON.stringify(phases) })
        .where('station_id', '=', stationId)
        .execute(),

    /** Sites whose rotation is due (a paused car's turn). */
    dueSites: async (now: Date): Promise<number[]> =>
      (
        await db.selectFrom('load_sites').select('station_id').where('next_change_at', '<=', now).execute()
      ).map((r) => r.station_id),

    /** The site's measured current this minute (the last write of the minute wins); prunes what is 2 days old. */
    sample: async (stationId: number, at: Date, currentA: number[]) => {
      const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
      await db
        .insertInto('load_samples')
        .values({ station_id: stationId, minute, current_a: currentA })
        .onConflict((oc) => oc.columns(['station_id', 'minute']).doUpdateSet({ current_a: currentA }))
        .execute();
      if (minute.getUTCMinutes() === 0) {
        await db
          .deleteFrom('load_samples')
          .where('station_id', '=', stationId)
          .where('minute', '<', new Date(at.getTime() - 2 * 86_400_000))
          .execute();
      }
    },

    samples: (stationId: number, from: Date) =>
      db
        .selectFrom('load_samples')
        .select(['minute', 'current_a'])
        .where('station_id', '=', stationId)
        .where('minute', '>=', from)
        .orderBy('minute')
        .execute(),

    bands: (stationId: number): Promise<BandRow[]> =>
      db
        .selectFrom('load_schedule_bands')
        .selectAll()
        .where('station_id', '=', stationId)
        .orderBy('position')
        .execute(),

    replaceBands: async (
      stationId: number,
      bands: { days: number[]; fromMinute: number; toMinute: number; limitA: number }[],
    ) => {
      await db.deleteFrom('load_schedule_bands').where('station_id', '=', stationId).execute();
      if (bands.length === 0) return;
      await db
        .insertInto('load_schedule_bands')
        .values(
          bands.map((b, position) => ({
            station_id: stationId,
            position,
            days: b.days,
            from_minute: b.fromMinute,
            to_minute: b.toMinute,
            limit_a: b.limitA,
          })),
        )
        .execute();
    },
  };
}

export const numeric = num;
