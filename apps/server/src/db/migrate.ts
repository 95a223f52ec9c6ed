import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './client.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/**
 * Applies db/migrations/NNNN_name.sql in order, each in its own transaction, once. A transaction-level advisory lock
 * makes concurrent starts (several nodes, several test files) safe; re-running is a no-op.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(7351001)`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`.execute(conn);
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(conn)).rows.map(
          (r) => r.name,
        ),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const text = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`insert into schema_migrations (name) values (${file})`.execute(trx);
        });
        applied.push(file);
      }
    } finally {
      await sql`select pg_advisory_unlock(7351001)`.execute(conn);
    }
  });
  return applied;
}
