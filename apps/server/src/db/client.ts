import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

// int8 (bigserial ids, counts) as JS numbers: ids stay far below 2^53, and the console expects numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDb(url: string, { max = 10 }: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // The cursor lets a query be read in batches (`.stream()`): the sessions export reads a million rows in flat memory.
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
}
