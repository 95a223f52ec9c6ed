// A site with N sessions over C chargers, made by SQL (generate_series) in the server's database: what the list
// and the export are measured against. Readings for a sample of the sessions, and for every ongoing one.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client.ts';
import { authService } from '../../apps/server/src/modules/auth/auth.service.ts';

export type Seeded = { stationId: number; token: string; chargerIds: number[]; tariffId: number };

export type SeedOptions = { sessions: number; chargers: number; sampled: number; readings: number };

const chunk = 100_000;
/** Sessions start 63 s apart: a million of them span two years, a charger's one every 3.5 hours. */
const spacing = "interval '63 seconds'";

export async function seed(db: Db, o: SeedOptions, log: (line: string) => void): Promise<Seeded> {
  const user = await db
    .insertInto('users')
    .values({ email: `bench-${randomBytes(4).toString('hex')}@example.test`, password_hash: 'unused' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await authService(db).create(user.id);
  const site = await db
    .insertInto('sites')
    .values({
      user_id: user.id,
      name: 'Bench depot',
      address: 'Kade 1',
      currency: 'EUR',
      power_capacity_w: 1_000_000,
      phases: 3,
      capacity_l1: 630,
      capacity_l2: 630,
      capacity_l3: 630,
      fixed_cost_e4: 2100,
      fixed_cost_includes_vat: true,
      is_open_load: false,
      contact_name: '',
      contact_email: '',
      help_phone: '',
      time_zone: 'Europe/Amsterdam',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stationId = site.id;
  const chargers = await db
    .insertInto('chargers')
    .values(
      Array.from({ length: o.chargers }, (_, i) => ({
        station_id: stationId,
        product_code: `BS${randomBytes(3).toString('hex').toUpperCase()}${String(i).padStart(4, '0')}`,
        alias: `B${String(i).padStart(4, '0')}`,
        pin_hash: randomBytes(32),
      })),
    )
    .returning('id')
    .execute();
  const chargerIds = chargers.map((c) => c.id);
  const tariff = await db
    .insertInto('tariffs')
    .values({
      station_id: stationId,
      price_model: 'static',
      energy_price: 3490,
      time_price: 0,
      idle_price: 1000,
      start_fee: 5000,
      prices_include_vat: false,
      vat_rate_bp: 2100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The newest session of each charger is ongoing; the rest are complete, with a cost as the engine would store.
  const started = performance.now();
  const firstOngoing = o.sessions - o.chargers;
  for (let from = 1; from <= o.sessions; from += chunk) {
    const to = Math.min(o.sessions, from + chunk - 1);
    await sql`
      insert into charging_sessions (station_id, charger_id, charger_alias, product_code, connector_id,
        transaction_id, id_tag, start_time, end_time, meter_start_wh, meter_stop_wh, energy_wh, status, start_by,
        stop_reason, tariff_id, currency, cost_net_minor, cost_vat_minor, cost_gross_minor, card_group_name)
      select ${stationId}, c.id, c.alias, c.product_code, 1, g.i::text,
        'CARD' || lpad((g.i % 5000)::text, 5, '0'), s.at, case when g.i <= ${firstOngoing} then s.at + s.took end,
        s.meter, case when g.i <= ${firstOngoing} then s.meter + s.wh end,
        case when g.i <= ${firstOngoing} then s.wh end,
        case when g.i <= ${firstOngoing} then 'complete' else 'ongoing' end,
        (array['rfid', 'remoteApp', 'qrCode', 'others'])[1 + g.i % 4],
        case when g.i <= ${firstOngoing} then 'EVDisconnected' end, ${tariff.id}, 'EUR',
        case when g.i <= ${firstOngoing} then s.net end,
        case when g.i <= ${firstOngoing} then round(s.net * 0.21) end,
        case when g.i <= ${firstOngoing} then s.net + round(s.net * 0.21) end,
        case when g.i % 3 = 0 then 'Staff' end
      from generate_series(${from}::int, ${to}::int) g(i)
      cross join lateral (select abs(hashint4(g.i)) as h) r
      cross join lateral (
        select now() - (${o.sessions} - g.i) * ${sql.raw(spacing)} as at,
          (10 + r.h % 170) * interval '1 minute' as took, (g.i % 1000) * 10000 as meter, r.h % 60000 as wh,
          50 + round((r.h % 60000) * 0.349 / 10) as net
      ) s
      join chargers c on c.id = (${chargerIds}::bigint[])[1 + g.i % ${o.chargers}]`.execute(db);
    log(`  sessions ${to.toLocaleString('en-US')} / ${o.sessions.toLocaleString('en-US')}`);
  }
  log(
    `seeded ${o.sessions.toLocaleString('en-US')} sessions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  // Readings: `sampled` complete sessions spread over the range, and every ongoing one (their estimates read them).
  const every = Math.max(1, Math.floor(o.sessions / Math.max(1, o.sampled)));
  await sql`
    insert into meter_values (charger_id, connector_id, session_id, sampled_at, energy_wh, power_w)
    select s.charger_id, 1, s.id,
      s.start_time + k * (coalesce(s.end_time, s.start_time + interval '1 hour') - s.start_time) / ${o.readings},
      s.meter_start_wh + coalesce(s.energy_wh, 20000) * k / ${o.readings}, 11000
    from charging_sessions s cross join generate_series(1, ${o.readings}) k
    where s.station_id = ${stationId} and (s.status = 'ongoing' or s.id % ${every} = 0)`.execute(db);
  await sql`vacuum analyze charging_sessions`.execute(db);
  await sql`vacuum analyze meter_values`.execute(db);
  await sql`vacuum analyze session_day_chargers, session_days, session_day_start_by, session_month_cards`.execute(
    db,
  );
  return { stationId, token, chargerIds, tariffId: tariff.id };
}
