import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysIn } from '@plugboard/pricing';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { aStoredSession, readingsOf } from '../sessions/sessions.fixtures.ts';

const now = '/cms-system/system/overview/now';
const period = '/cms-system/system/overview/period';
const list = '/cms-system/system/session/v2/list';
const zone = 'Europe/Amsterdam';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An operator's site in Amsterdam with two chargers. */
async function aSite() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  await as('/cms-system/system/station/v2/update', { timeZone: zone });
  const one = await aCharger(t.db, { stationId: op.stationId, alias: 'Bay 1' });
  const two = await aCharger(t.db, { stationId: op.stationId, alias: 'Bay 2' });
  return { ...op, one, two, as };
}

const at = (iso: string) => new Date(iso);
const money = (net: number, gross: number) => ({ cost_net_minor: net, cost_gross_minor: gross });

/** What the sessions list shows for the same start times and status 'complete', every page added up. */
async function listSums(as: Awaited<ReturnType<typeof aSite>>['as'], from: string, to: string) {
  const startTo = new Date(Date.parse(to) - 1).toISOString();
  let energyKwh = 0;
  let cost = 0;
  let sessions = 0;
  for (let pageNum = 1; ; pageNum++) {
    const page = await as(list, { startFrom: from, startTo, status: 'complete', pageSize: 100, pageNum });
    const items = page.data.list;
    sessions += items.length;
    for (const s of items) {
      energyKwh += s.energyKwh;
      cost += Math.round((s.cost ?? 0) * 100);
    }
    if (items.length < 100) break;
  }
  return { sessions, energyWh: Math.round(energyKwh * 1000), grossMinor: cost };
}

/** The same sums straight from the table. */
async function sqlSums(stationId: number, from: string, to: string) {
  const { rows } = await sql<{ n: string; wh: string | null; net: string | null; gross: string | null }>`
    select count(*) as n, sum(energy_wh) as wh, sum(cost_net_minor) as net, sum(cost_gross_minor) as gross
    from charging_sessions where station_id = ${stationId} and status = 'complete'
      and start_time >= ${new Date(from)} and start_time < ${new Date(to)}`.execute(t.db);
  const r = rows[0]!;
  return {
    sessions: Number(r.n),
    energyWh: Number(r.wh ?? 0),
    netMinor: Number(r.net ?? 0),
    grossMinor: Number(r.gross ?? 0),
  };
}

describe('the overview of a period', () => {
  it("counts the sessions of the site's own days, as the sessions list and a direct SQL sum do", async () => {
    const site = await aSite();
    // 2026-03-01 00:00 in Amsterdam is 2026-02-28 23:00 UTC.
    await aStoredSession(t.db, site.one, {
      start_time: at('2026-02-28T22:59:59Z'),
      energy_wh: 1_000,
      ...money(100, 121),
    });
    const first = await aStoredSession(t.db, site.one, {
      start_time: at('2026-02-28T23:00:00Z'),
      energy_wh: 12_345,
      id_tag: 'AAA1',
      ...money(1_000, 1_210),
    });
    await aStoredSession(t.db, site.two, {
      start_time: at('2026-03-02T10:00:00Z'),
      end_time: at('2026-03-02T12:00:00Z'),
      energy_wh: 7_001,
      id_tag: 'aaa1',
      start_by: 'remoteApp',
      ...money(333, 403),
    });
    await aStoredSession(t.db, site.two, {
      start_time: at('2026-03-02T11:00:00Z'),
      energy_wh: 2_000,
      id_tag: 'BBB2',
    });
    // The last instant of 2026-03-02 in Amsterdam, and the first of the 3rd.
    await aStoredSession(t.db, site.one, {
      start_time: at('2026-03-02T22:59:59.999Z'),
      energy_wh: 10,
      ...money(1, 1),
    });
    await aStoredSession(t.db, site.one, { start_time: at('2026-03-02T23:00:00Z'), energy_wh: 99_999 });
    await aStoredSession(t.db, site.one, { start_time: at('2026-03-01T12:00:00Z'), status: 'ongoing' });
    await aStoredSession(t.db, (await aSite()).one, { start_time: at('2026-03-01T12:00:00Z') }); // another site's

    const answer = await site.as(period, { period: 'custom', firstDay: '2026-03-01', lastDay: '2026-03-02' });
    const range = daysIn('2026-03-01', '2026-03-02', zone);
    expect(answer.status).toBe(200);
    const p = answer.data;
    expect(p.period).toEqual(range);
    expect(p.previous).toEqual(daysIn('2026-02-27', '2026-02-28', zone));
    expect(p.totals).toMatchObject({
      sessions: 4,
      energyWh: 21_356,
      netMinor: 1_334,
      grossMinor: 1_614,
      distinctCards: 3,
    });
    expect(p.totals).toMatchObject(await sqlSums(site.stationId, range.from, range.to));
    expect(p.totals).toMatchObject(await listSums(site.as, range.from, range.to));
    expect(p.previousTotals).toMatchObject({ sessions: 1, energyWh: 1_000, grossMinor: 121 });
    // 1 h + 2 h + 1 h, and the last one cut at the end of the period after 1 ms, over 2 chargers x 48 h.
    expect(p.totals.averageDurationS).toBe(Math.round((5 * 3600) / 4));
    expect(p.totals.utilisation).toBeCloseTo((4 + 1 / 3_600_000) / 96, 6);
    expect(p.bucket).toBe('day');
    expect(p.series).toEqual([
      { at: '2026-03-01T00:00', sessions: 1, energyWh: 12_345, netMinor: 1_000, grossMinor: 1_210 },
      { at: '2026-03-02T00:00', sessions: 3, energyWh: 9_011, netMinor: 334, grossMinor: 404 },
    ]);
    expect(p.byStartBy).toEqual([
      { startBy: 'rfid', sessions: 3 },
      { startBy: 'remoteApp', sessions: 1 },
    ]);
    expect(p.topChargers[0]).toMatchObject({
      chargerId: site.one.id,
      alias: 'Bay 1',
      sessions: 2,
      energyWh: 12_355,
    });
    expect(p.topCards[0]).toEqual({ cardId: 'AAA1', sessions: 2, energyWh: 19_346 });
    expect(first.id).toBeGreaterThan(0);
  });

  it('gives a day of 25 hours by the hour when the clocks go back, equal to the list', async () => {
    const site = await aSite();
    // 2026-10-25 in Amsterdam: 00:00 is 22:00 UTC the day before; 02:00-03:00 happens twice; the day ends 23:00 UTC.
    const starts = [
      '2026-10-24T21:59:00Z',
      '2026-10-24T22:00:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-10-25T22:59:00Z',
      '2026-10-25T23:00:00Z',
    ];
    for (const [i, start] of starts.entries()) {
      await aStoredSession(t.db, site.one, {
        start_time: at(start),
        energy_wh: 1_000 * (i + 1),
        ...money(10 * (i + 1), 12 * (i + 1)),
      });
    }
    const p = (await site.as(period, { period: 'custom', firstDay: '2026-10-25', lastDay: '2026-10-25' }))
      .data;
    expect(new Date(p.period.to).getTime() - new Date(p.period.from).getTime()).toBe(25 * 3_600_000);
    expect(p.bucket).toBe('hour');
    expect(p.totals).toMatchObject({ sessions: 4, energyWh: 14_000, netMinor: 140, grossMinor: 168 });
    expect(p.totals).toMatchObject(await sqlSums(site.stationId, p.period.from, p.period.to));
    expect(p.totals).toMatchObject(await listSums(site.as, p.period.from, p.period.to));
    expect(p.series.map((s) => [s.at, s.sessions])).toEqual([
      ['2026-10-25T00:00', 1],
      ['2026-10-25T02:00', 2], // 02:30 summer time and 02:30 winter time
      ['2026-10-25T23:00', 1],
    ]);
    // 3 sessions of 1 h and one cut at the end of the day after 1 min, on 2 chargers over 25 h.
    expect(p.totals.utilisation).toBeCloseTo((3 + 1 / 60) / 50, 6);
  });

  it('answers named periods and refuses a custom one without days or backwards', async () => {
    const site = await aSite();
    for (const name of ['today', 'thisMonth', 'lastMonth', 'last3Months'] as const) {
      const answer = await site.as(period, { period: name });
      expect(answer.status, name).toBe(200);
      expect(answer.data.bucket).toBe(name === 'today' ? 'hour' : 'day');
    }
    expect((await site.as(period, { period: 'custom' })).status).toBe(4129);
    expect(
      (await site.as(period, { period: 'custom', firstDay: '2026-03-02', lastDay: '2026-03-01' })).status,
    ).toBe(4129);
  });

  it("refuses another account's site", async () => {
    const mine = await aSite();
    const theirs = await anOperatorWithSite(t.db);
    for (const path of [now, period] as const) {
      const answer = await call(t.app, path, { stationId: mine.stationId }, { token: theirs.token });
      expect(answer.body.status).toBe(1502);
    }
  });
});

describe('the overview now', () => {
  it('shows chargers by status, the sessions under way and their power against the capacity', async () => {
    const site = await aSite();
    const session = await aStoredSession(t.db, site.one, {
      start_time: new Date(Date.now() - 600_000),
      status: 'ongoing',
    });
    await readingsOf(t.db, session, [
      [1, 1_500, 7_000],
      [5, 2_000, 11_000],
    ]);
    await sql`update meter_values set current_l1 = 16, current_l2 = 16.5, current_l3 = 15 where session_id = ${session.id}`.execute(
      t.db,
    );
    await sql`update chargers set connected = true, status = 'charging' where id = ${site.one.id}`.execute(
      t.db,
    );

    const answer = await site.as(now, {});
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      chargers: 2,
      ongoingSessions: 1,
      powerW: 11_000,
      capacityW: 50_000,
      phases: [
        { phase: 'L1', currentA: 16, capacityA: 63 },
        { phase: 'L2', currentA: 16.5, capacityA: 63 },
        { phase: 'L3', currentA: 15, capacityA: 63 },
      ],
    });
    // The other charger never connected: offline, it needs attention.
    expect(answer.data.byStatus).toEqual([
      { status: 'offline', chargers: 1 },
      { status: 'charging', chargers: 1 },
    ]);
    expect(answer.data.attention.map((a: { chargerId: number }) => a.chargerId)).toEqual([site.two.id]);

    // The charging one goes offline: its session is still under way, its last readings are history.
    await sql`update chargers set connected = false, status = 'offline' where id = ${site.one.id}`.execute(
      t.db,
    );
    expect((await site.as(now, {})).data).toMatchObject({
      ongoingSessions: 1,
      powerW: 0,
      phases: [{ currentA: 0 }, { currentA: 0 }, { currentA: 0 }],
    });
  });
});
