import { sql } from 'kysely';
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
});
