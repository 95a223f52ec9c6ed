import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysIn } from '@plugboard/pricing';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { aStoredSession } from '../sessions/sessions.fixtures.ts';

// The period's figures come from sums kept at each write of a session (0071_session_day_totals.sql). These tests
// write sessions every way the server does (insert, stop, recompute, delete, a charger deleted, the site's zone
// changed) and compare each answer with the same figures summed from the sessions themselves.

const period = '/cms-system/system/overview/period';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small deterministic generator: the same sessions on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

async function aSite(timeZone: string) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  await as('/cms-system/system/station/v2/update', { timeZone });
  for (const alias of ['Bay 1', 'Bay 2', 'Bay 3']) await aCharger(t.db, { stationId: op.stationId, alias });
  const { rows: chargers } = await sql<{ id: number; alias: string; product_code: string }>`
    select id::int, alias, product_code from chargers where station_id = ${op.stationId} order by id`.execute(
    t.db,
  );
  return { ...op, as, chargers };
}

/** `count` sessions between two instants on the site's chargers, cards differing in case, some ongoing. */
async function someSessions(
  site: Awaited<ReturnType<typeof aSite>>,
  count: number,
  from: string,
  to: string,
  ongoing = 0.1,
) {
  const next = random(count);
  const span = Date.parse(to) - Date.parse(from);
  const tags = ['AB12', 'ab12', 'CD34', 'EF56', ''];
  const sources = ['rfid', 'remoteApp', 'qrCode'];
  const ids = [];
  for (let i = 0; i < count; i++) {
    const charger = site.chargers[Math.floor(next() * site.chargers.length)]!;
    const start = new Date(Date.parse(from) + Math.floor(next() * span));
    const row = await aStoredSession(
      t.db,
      { ...charger, station_id: site.stationId },
      {
        start_time: start,
        end_time: new Date(start.getTime() + Math.floor(next() * 30 * 3_600_000)),
        energy_wh: Math.floor(next() * 40_000),
        cost_net_minor: Math.floor(next() * 2_000),
        cost_gross_minor: Math.floor(next() * 2_420),
        id_tag: tags[Math.floor(next() * tags.length)]!,
        start_by: sources[Math.floor(next() * sources.length)]!,
        ...(next() < ongoing && { status: 'ongoing', end_time: null, energy_wh: null }),
      },
    );
    ids.push(row.id);
  }
  return ids;
}

/** The period's figures summed from the sessions (the sessions list's rows with status 'complete'). */
async function fromSessions(stationId: number, range: { from: string; to: string }, timeZone: string) {
  const from = new Date(range.from);
  const to = new Date(range.to);
  const where = sql`station_id = ${stationId} and status = 'complete' and start_time >= ${from} and start_time < ${to}`;
  const { rows } = await sql<Record<string, string | null>>`
    select count(*) as sessions, coalesce(sum(energy_wh), 0) as wh, coalesce(sum(cost_net_minor), 0) as net,
      coalesce(sum(cost_gross_minor), 0) as gross,
      coalesce(sum(extract(epoch from end_time - start_time)), 0) as duration,
      coalesce(sum(extract(epoch from least(end_time, ${to}) - start_time)), 0) as busy,
      count(distinct lower(id_tag)) filter (where id_tag <> '') as cards
    from charging_sessions where ${where}`.execute(t.db);
  const r = rows[0]!;
  const series = await sql<{ at: string; sessions: string; wh: string }>`
    select to_char(date_trunc('day', start_time at time zone ${timeZone}), 'YYYY-MM-DD"T"HH24:MI') as at,
      count(*) as sessions, coalesce(sum(energy_wh), 0) as wh
    from charging_sessions where ${where} group by 1 order by 1`.execute(t.db);
  const startBy = await sql<{ start_by: string; sessions: string }>`
    select start_by, count(*) as sessions from charging_sessions where ${where}
    group by 1 order by 2 desc, 1`.execute(t.db);
  const cards = await sql<{ card_id: string; sessions: string; wh: string }>`
    select min(id_tag) as card_id, count(*) as sessions, coalesce(sum(energy_wh), 0) as wh
    from charging_sessions where ${where} and id_tag <> ''
    group by lower(id_tag) order by 3 desc, 2 desc, 1 limit 5`.execute(t.db);
  const chargers = await sql<{ charger_id: string | null; sessions: string; wh: string }>`
    select charger_id, count(*) as sessions, coalesce(sum(energy_wh), 0) as wh
    from charging_sessions where ${where} group by 1 order by 3 desc, 2 desc, 1 limit 5`.execute(t.db);
  const sessions = Number(r.sessions);
  return {
    totals: {
      sessions,
      energyWh: Number(r.wh),
      netMinor: Number(r.net),
      grossMinor: Number(r.gross),
      averageDurationS: sessions ? Math.round(Number(r.duration) / sessions) : null,
      distinctCards: Number(r.cards),
    },
    busyS: Number(r.busy),
    series: series.rows.map((s) => ({ at: s.at, sessions: Number(s.sessions), energyWh: Number(s.wh) })),
    byStartBy: startBy.rows.map((s) => ({ startBy: s.start_by, sessions: Number(s.sessions) })),
    topCards: cards.rows.map((c) => ({
      cardId: c.card_id,
      sessions: Number(c.sessions),
      energyWh: Number(c.wh),
    })),
    topChargers: chargers.rows.map((c) => ({
      chargerId: c.charger_id === null ? null : Number(c.charger_id),
      sessions: Number(c.sessions),
      energyWh: Number(c.wh),
    })),
  };
}

type Site = Awaited<ReturnType<typeof aSite>>;

/** Every figure of the overview for these days equals the sessions' own sums. */
async function expectSumsOf(site: Site, firstDay: string, lastDay: string, timeZone: string) {
  const answer = await site.as(period, { period: 'custom', firstDay, lastDay });
  expect(answer.status).toBe(200);
  const p = answer.data;
  const range = daysIn(firstDay, lastDay, timeZone);
  expect(p.period).toEqual(range);
  const expected = await fromSessions(site.stationId, range, timeZone);
  const label = `${firstDay}..${lastDay}`;
  if (firstDay < lastDay) expect(expected.totals.sessions, label).toBeGreaterThan(0);
  expect(p.totals, label).toMatchObject(expected.totals);
  // Utilisation: over the chargers the site has now.
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from chargers where station_id = ${site.stationId}`.execute(t.db);
  const hours = Number(rows[0]!.n) * (Date.parse(range.to) - Date.parse(range.from));
  expect(p.totals.utilisation, label).toBeCloseTo(Math.min(1, (expected.busyS * 1000) / hours), 9);
  if (p.bucket === 'day') {
    const series = (p.series as { at: string; sessions: number; energyWh: number }[]).map((s) => ({
      at: s.at,
      sessions: s.sessions,
      energyWh: s.energyWh,
    }));
    expect(series, label).toEqual(expected.series);
  }
  expect(p.byStartBy, label).toEqual(expected.byStartBy);
  expect(p.topCards, label).toEqual(expected.topCards);
  expect(
    p.topChargers.map((c: { chargerId: number | null; sessions: number; energyWh: number }) => ({
      chargerId: c.chargerId,
      sessions: c.sessions,
      energyWh: c.energyWh,
    })),
    label,
  ).toEqual(expected.topChargers);
  return p;
}

/** Whole months, days within a month, ranges cut through months, one day, and a day of the clocks going back. */
const ranges: [string, string][] = [
  ['2026-09-01', '2026-11-30'],
  ['2026-10-01', '2026-10-31'],
  ['2026-09-14', '2026-11-02'],
  ['2026-10-03', '2026-10-27'],
  ['2026-10-25', '2026-10-25'],
  ['2026-08-31', '2026-10-01'],
];

describe('the overview sums kept at each write of a session', () => {
  it('equal the sessions after they are written, stopped, re-priced and deleted', async () => {
    const zone = 'Europe/Amsterdam';
    const site = await aSite(zone);
    const ids = await someSessions(site, 120, '2026-08-25T00:00:00Z', '2026-12-05T00:00:00Z');
    for (const [first, last] of ranges) await expectSumsOf(site, first, last, zone);

    // Ongoing sessions stop; some are re-priced, moved in time, have their card changed; some are deleted.
    await sql`update charging_sessions set status = 'complete', end_time = start_time + interval '2 hours',
      energy_wh = 7777 where station_id = ${site.stationId} and status = 'ongoing'`.execute(t.db);
    await sql`update charging_sessions set cost_gross_minor = cost_gross_minor + 1, id_tag = upper(id_tag)
      where id = any(${ids.slice(0, 30)})`.execute(t.db);
    await sql`update charging_sessions set start_time = start_time - interval '20 days'
      where id = any(${ids.slice(30, 40)})`.execute(t.db);
    await sql`delete from charging_sessions where id = any(${ids.slice(40, 70)})`.execute(t.db);
    for (const [first, last] of ranges) await expectSumsOf(site, first, last, zone);
  });

  it('keep the sessions of a deleted charger under its name, without an id', async () => {
    const zone = 'Europe/Amsterdam';
    const site = await aSite(zone);
    await someSessions(site, 40, '2026-10-01T00:00:00Z', '2026-10-20T00:00:00Z', 0);
    const gone = site.chargers[0]!;
    const deleted = await site.as('/cms-system/system/charger/v2/delete', { chargerId: gone.id });
    expect(deleted.status).toBe(200);
    const p = await expectSumsOf(site, '2026-10-01', '2026-10-31', zone);
    const row = p.topChargers.find((c: { chargerId: number | null }) => c.chargerId === null);
    expect(row).toMatchObject({ alias: gone.alias, productCode: gone.product_code });
  });

  it("move with the site's time zone, and go with the site", async () => {
    const site = await aSite('Europe/Amsterdam');
    await someSessions(site, 60, '2026-09-25T00:00:00Z', '2026-11-05T00:00:00Z');
    await expectSumsOf(site, '2026-10-01', '2026-10-31', 'Europe/Amsterdam');
    await site.as('/cms-system/system/station/v2/update', { timeZone: 'Pacific/Auckland' });
    for (const [first, last] of ranges) await expectSumsOf(site, first, last, 'Pacific/Auckland');

    const kept = async () => {
      const { rows } = await sql<{ n: string }>`
        select (select count(*) from session_day_chargers where station_id = ${site.stationId})
          + (select count(*) from session_day_start_by where station_id = ${site.stationId})
          + (select count(*) from session_days where station_id = ${site.stationId})
          + (select count(*) from session_month_cards where station_id = ${site.stationId}) as n`.execute(
        t.db,
      );
      return Number(rows[0]!.n);
    };
    expect(await kept()).toBeGreaterThan(0);
    await sql`delete from sites where id = ${site.stationId}`.execute(t.db);
    expect(await kept()).toBe(0);
  });
});
