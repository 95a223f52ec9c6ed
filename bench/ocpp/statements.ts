// --statements: what PostgreSQL spent its steady phase on, statement by statement (pg_stat_statements) and table by
// table (rows written), each divided by the messages answered. Node-1's embedded PostgreSQL loads the extension
// only for such a run (BENCH_PG_STATEMENTS=on, apps/server/src/db/embedded.ts).
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client.ts';
import { table } from './figures.ts';

export const statementsEnv = { BENCH_PG_STATEMENTS: 'on' };

type TableWrites = Map<string, number>;

async function tableWrites(db: Db): Promise<TableWrites> {
  const { rows } = await sql<{ relname: string; written: string }>`
    select relname, n_tup_ins + n_tup_upd + n_tup_del as written from pg_stat_user_tables`.execute(db);
  return new Map(rows.map((r) => [r.relname, Number(r.written)]));
}

/** Resets the statements' counters; what it answers reads them at the end of the phase. */
export async function statementsMeter(db: Db) {
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
  const before = await tableWrites(db);

  return async (answered: number): Promise<string[]> => {
    const after = await tableWrites(db);
    const { rows } = await sql<{ query: string; calls: string; total: number; rows: string; wal: string }>`
      select regexp_replace(query, '\\s+', ' ', 'g') as query, calls, total_exec_time as total, rows,
        wal_bytes as wal
      from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc limit 20`.execute(db);
    const all = await sql<{ total: number; calls: string; wal: string; fpi: string }>`
      select coalesce(sum(total_exec_time), 0)::float8 as total, coalesce(sum(calls), 0) as calls,
        coalesce(sum(wal_bytes), 0) as wal, coalesce(sum(wal_fpi), 0) as fpi
      from pg_stat_statements`.execute(db);
    const per = (n: number) => (n / answered).toFixed(3);
    const lines = [
      `statements (pg_stat_statements, steady phase and the 11 s after it; execution time only, per answered ` +
        `message): all ${per(Number(all.rows[0]!.calls))} calls, ${per(all.rows[0]!.total)} ms, ` +
        `${Math.round(Number(all.rows[0]!.wal) / answered)} bytes of WAL (${per(Number(all.rows[0]!.fpi))} full pages)`,
      table([
        ['ms/msg', 'calls/msg', 'rows/call', 'WAL B/msg', 'statement'],
        ...rows.map((r) => [
          per(r.total),
          per(Number(r.calls)),
          (Number(r.rows) / Math.max(1, Number(r.calls))).toFixed(1),
          String(Math.round(Number(r.wal) / answered)),
          r.query.slice(0, 110),
        ]),
      ]),
      'rows written (inserted + updated + deleted) per answered message:',
      [...after]
        .map(([name, n]) => [name, (n - (before.get(name) ?? 0)) / answered] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => `${name} ${n.toFixed(3)}`)
        .join(', '),
    ];
    return lines;
  };
}
