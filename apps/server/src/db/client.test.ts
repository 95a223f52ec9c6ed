import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { createTestDatabase } from '../../test/helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 1 });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('reads as named statements', () => {
  it('are prepared once per connection and reused', async () => {
    const read = () => sql<{ n: number }>`select ${7}::int + 1 as n`.execute(db);
    for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ n: 8 }]);
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      db,
    );
    expect(rows.map((r) => r.statement)).toContain('select $1::int + 1 as n');
  });

  it('still answer once a table they read has changed under them (a newer node migrated)', async () => {
    await sql`create table t (a int)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    const read = () => sql<Record<string, number>>`select * from t where a = ${1}`.execute(db);
    // Past the runs after which PostgreSQL keeps a plan.
    for (let i = 0; i < 6; i++) expect((await read()).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b int default 2`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('give the rows pg gives: each field in order, parsed, a name given twice keeping the later value', async () => {
    const read = () =>
      sql<Record<string, unknown>>`
        select ${3}::int as n, null::text as "empty", '2026-11-25T01:00:00Z'::timestamptz as at,
               '{"k":[1]}'::jsonb as j, 'x' as "a b", 1 as dup, 2 as dup, 'p' as "__proto__", 5::int8 as big
        from generate_series(1, 2)`.execute(db);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const byPg = await pool.query(
        `select $1::int as n, null::text as "empty", '2026-11-25T01:00:00Z'::timestamptz as at,
                '{"k":[1]}'::jsonb as j, 'x' as "a b", 1 as dup, 2 as dup, 'p' as "__proto__", 5::int8 as big
         from generate_series(1, 2)`,
        [3],
      );
      for (let i = 0; i < 2; i++) {
        const { rows } = await read();
        expect(rows).toEqual(byPg.rows);
        expect(Object.keys(rows[0]!)).toEqual(Object.keys(byPg.rows[0] as object));
        expect(rows[0]).toMatchObject({
          n: 3,
          empty: null,
          at: new Date('2026-11-25T01:00:00Z'),
          dup: 2,
          big: 5,
        });
        expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
        expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe('p');
      }
    } finally {
      await pool.end();
    }
  });
});
