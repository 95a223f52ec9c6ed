import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQuery } from './compiled.ts';
import type { Db } from './client.ts';
import { createSharedDatabase, type SharedDatabase } from '../../test/helpers.ts';
import { aCharger, anOperatorWithSite } from '../modules/chargers/chargers.fixtures.ts';
import { chargerViewRepository } from '../modules/chargers/charger-view.repository.ts';
import { sessionsHistoryRepository } from '../modules/sessions/sessions-history.repository.ts';
import { sessionsRepository } from '../modules/sessions/sessions.repository.ts';
import { aStoredSession } from '../modules/sessions/sessions.fixtures.ts';
import type { SessionSortField } from '@plugboard/contract';

let shared: SharedDatabase;
let db: Db;

beforeAll(async () => {
  shared = await createSharedDatabase();
  db = shared.db;
});

afterAll(() => shared.close());

/** The chargers of a site whose alias contains a text, when `byAlias`: two shapes. */
const chargersOf = compiledQuery(
  (s: { byAlias: boolean }) => String(s.byAlias),
  (db, s, p: { stationId: number; alias: string }) => {
    let q = db.selectFrom('chargers').select(['id', 'alias']).where('station_id', '=', p.stationId);
    if (s.byAlias) q = q.where(sql<boolean>`strpos(alias, ${p.alias}) > 0`);
    return q.orderBy('id');
  },
);

describe('a query compiled once per shape', () => {
  it('reads the rows the built query reads, for any values of the same shape', async () => {
    const sites = [await anOperatorWithSite(db), await anOperatorWithSite(db)];
    for (const [i, site] of sites.entries())
      for (const alias of ['Bay 1', 'Bay 2', `Other ${i}`])
        await aCharger(db, { stationId: site.stationId, alias });
    for (const { stationId } of sites)
      for (const alias of ['Bay', 'Other', 'none']) {
        const built = await db
          .selectFrom('chargers')
          .select(['id', 'alias'])
          .where('station_id', '=', stationId)
          .where(sql<boolean>`strpos(alias, ${alias}) > 0`)
          .orderBy('id')
          .execute();
        expect(await chargersOf.rows(db, { byAlias: true }, { stationId, alias })).toEqual(built);
      }
    const all = await chargersOf.rows(db, { byAlias: false }, { stationId: sites[1]!.stationId, alias: 'x' });
    expect(all.map((c) => c.alias)).toEqual(['Bay 1', 'Bay 2', 'Other 1']);
  });

  it('compiles a shape once and binds each call its values as parameters', () => {
    const a = chargersOf.compile(db, { byAlias: true }, { stationId: 1, alias: 'a' });
    const b = chargersOf.compile(db, { byAlias: true }, { stationId: 2, alias: "x') or true or ('" });
    expect(b.query).toBe(a.query); // the same compilation
    expect(b.sql).toBe(a.sql);
    expect(a.parameters).toEqual([1, 'a']);
    expect(b.parameters).toEqual([2, "x') or true or ('"]);
    expect(b.sql).not.toContain('or true');
    expect(chargersOf.compile(db, { byAlias: false }, { stationId: 2, alias: '' }).parameters).toEqual([2]);
  });

  it('a text meant as SQL is a value: it matches nothing', async () => {
    const { stationId } = await anOperatorWithSite(db);
    await aCharger(db, { stationId, alias: 'Bay 1' });
    expect(
      await chargersOf.rows(db, { byAlias: true }, { stationId, alias: "x', 1) > 0 or true or strpos('" }),
    ).toEqual([]);
  });

  it('refuses a value written into the text at build time, and a missing value', () => {
    const literal = compiledQuery(
      () => '',
      (db, _: void, p: { n: number }) => db.selectFrom('chargers').select('id').limit(sql.lit(p.n)),
    );
    expect(() => literal.compile(db, undefined, { n: 1 })).toThrow(/"n" was used as a value/);
    const dated = compiledQuery(
      () => '',
      (db, _: void, p: { at: string }) =>
        db.selectFrom('chargers').select('id').where('created_at', '>', new Date(p.at)),
    );
    expect(() => dated.compile(db, undefined, { at: '2026-01-01' })).toThrow(/"at" was used as a value/);
    expect(() =>
      chargersOf.compile(db, { byAlias: true }, { stationId: 1 } as { stationId: number; alias: string }),
    ).toThrow(/no value for the query parameter "alias"/);
  });
});

describe('the console lists through their compiled queries', () => {
  it('the sessions list: the same rows whatever the values, filters and sort; a sort key outside the contract is refused', async () => {
    const sites = [await anOperatorWithSite(db), await anOperatorWithSite(db)];
    for (const { stationId } of sites) {
      const chargers = [
        await aCharger(db, { stationId, alias: 'A' }),
        await aCharger(db, { stationId, alias: 'B' }),
      ];
      for (const [i, charger] of chargers.entries()) {
        await aStoredSession(db, charger, { status: 'ongoing' });
        for (let n = 0; n < 3 + i; n++) await aStoredSession(db, charger, {});
      }
    }
    const repo = sessionsHistoryRepository(db);
    for (const { stationId } of sites) {
      const sort = { sortBy: 'startTime' as const, sortOrder: 'desc' as const };
      const first = await repo.pageWithExtras({ stationId }, sort, 3, 0, 100);
      const second = await repo.pageWithExtras({ stationId }, sort, 3, 3, 100);
      const all = await repo.page({ stationId }, sort, 100, 0);
      expect(all).toHaveLength(9);
      expect([...first, ...second].map((r) => r.id)).toEqual(all.slice(0, 6).map((r) => r.id));
      expect(first[0]!.counted).toBe(all.length);
      expect(first.every((r) => r.station_id === stationId)).toBe(true);
      expect(first.filter((r) => r.status === 'ongoing').every((r) => r.registers !== undefined)).toBe(true);
      const chargerId = all.at(-1)!.charger_id ?? undefined;
      const filtered = await repo.pageWithExtras(
        { stationId, chargerId, status: 'ongoing' },
        sort,
        10,
        0,
        undefined,
      );
      expect(filtered.map((r) => r.id)).toEqual(
        all.filter((r) => r.charger_id === chargerId && r.status === 'ongoing').map((r) => r.id),
      );
      expect(filtered[0]!.counted).toBeNull();
      const byId = await repo.pageWithExtras(
        { stationId },
        { sortBy: 'energy', sortOrder: 'asc' },
        10,
        0,
        100,
      );
      expect(byId.map((r) => r.id)).toEqual(
        (await repo.page({ stationId }, { sortBy: 'energy', sortOrder: 'asc' }, 10, 0)).map((r) => r.id),
      );
    }
    const hostile = { sortBy: 'id; drop table sites --' as SessionSortField, sortOrder: 'asc' as const };
    await expect(
      repo.pageWithExtras({ stationId: sites[0]!.stationId }, hostile, 10, 0, 100),
    ).rejects.toThrow(/not a sort of the contract/);
    const order = { sortBy: 'startTime' as const, sortOrder: 'asc; drop table sites' as 'asc' };
    await expect(repo.pageWithExtras({ stationId: sites[0]!.stationId }, order, 10, 0, 100)).rejects.toThrow(
      /not a sort of the contract/,
    );
  });

  it('the chargers list: each site its own chargers, filtered by the values given', async () => {
    const sites = [await anOperatorWithSite(db), await anOperatorWithSite(db)];
    for (const [i, { stationId }] of sites.entries())
      for (const alias of ['Bay 1', 'Bay 2', `Post ${i}`]) await aCharger(db, { stationId, alias });
    const repo = chargerViewRepository(db);
    const sessions = sessionsRepository(db);
    for (const [i, { stationId }] of sites.entries()) {
      const page = await repo.pageWithConnectors(stationId, {}, 10, 0, sessions.ongoingWithReadingsJson);
      expect(page.rows.map((r) => r.alias)).toEqual(['Bay 1', 'Bay 2', `Post ${i}`]);
      expect(page.total).toBe(3);
      const bays = await repo.pageWithConnectors(
        stationId,
        { keyword: 'bay' },
        1,
        1,
        sessions.ongoingWithReadingsJson,
      );
      expect(bays.rows.map((r) => r.alias)).toEqual(['Bay 2']);
      expect(bays.total).toBe(2);
      expect(await repo.findInStation(stationId, page.rows[0]!.id)).toEqual(page.rows[0]);
      const other = sites[1 - i]!.stationId;
      expect(await repo.findInStation(other, page.rows[0]!.id)).toBeUndefined();
    }
  });
});
