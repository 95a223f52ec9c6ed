import { Kysely, PostgresDialect, type Compilable, type Transaction } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** A Db inside `db.transaction()`: what must be written with the change it goes with (an event) asks for one. */
export type Trx = Transaction<Database>;

// int8 (bigserial ids, counts) as JS numbers: ids stay far below 2^53, and the console expects numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The pool behind each Db, for the reads that Kysely's row objects would slow down (`textBatches`). */
const pools = new WeakMap<Db, pg.Pool>();

export function createDb(
  url: string,
  {
    max = 10,
    onQuery,
  }: {
    max?: number;
    /** Told of every query run through Kysely, with its SQL (tests count the queries a call makes). */
    onQuery?: (sql: string) => void;
  } = {},
): Db {
  // A connection idle for a minute is closed (pg's default is 10 s): opening one costs a process in PostgreSQL and a
  // SCRAM exchange, and the central system's pool, idle between bursts, would pay them at each burst (bench/api).
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 60_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', prepareReads);
  // The cursor lets a query be read in batches (`.stream()`).
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool, cursor: Cursor }),
    ...(onQuery && { log: (event) => onQuery(event.query.sql) }),
  });
  pools.set(db, pool);
  return db;
}

/**
 * A named statement's query config, made once per statement and frozen: each query is an object whose prototype it
 * is, holding only its values. pg copies a config's own properties per query (`new Query`: its descriptors, one
 * by one) and keeps the prototype, so one own property is copied instead of four (1.6 -> 0.7 µs per query,
 * bench/api README session 10).
 */
type StatementConfig = Readonly<{ name: string; text: string; rowMode: 'array' }>;

/** Statement configs by SQL text (null: not to be named), for every pool of the process; at most `namesMax`. */
const statements = new Map<string, StatementConfig | null>();
const namesMax = 2000;

type Query = (...args: unknown[]) => unknown;

/**
 * A statement whose text stays the same whatever its arguments: a read (SELECT, or WITH: every WITH here takes its
 * rows as arrays), or an insert or update of rows given as arrays (`from unnest(...)`: the OCPP writes, whose plan
 * is then made once per connection too, bench/ocpp README sessions 9 and 12). Kysely's inserts of VALUES lists differ with
 * their row count and are not named.
 */
const namable = (text: string) =>
  /^\s*(select|with)\s/i.test(text) || /^\s*(insert|update)\s[^;]*\sfrom\s+unnest\(/i.test(text);

/**
 * Makes a client run each SELECT (and each statement `namable` says has one text) that Kysely sends as a named
 * (prepared) statement: PostgreSQL parses it once per connection and, after a few runs, keeps its plan, and the
 * client sends it without its text (bench/api: the planning of the console's reads was a large part of PostgreSQL's
 * time). A statement whose cached plan no longer
 * fits (a migration by a newer node changed a table it reads) is run once more unnamed, and never named again.
 */
function prepareReads(client: pg.PoolClient) {
  const plain = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return plain(...args);
    let statement = statements.get(text);
    if (statement === undefined) {
      if (!namable(text) || statements.size >= namesMax) return plain(text, values);
      statement = Object.freeze({ name: `k${statements.size}`, text, rowMode: 'array' as const });
      statements.set(text, statement);
    }
    if (statement === null) return plain(text, values);
    const config = Object.create(statement) as { values: unknown[] };
    config.values = values;
    const named = statement.name;
    return (plain(config) as Promise<pg.QueryResult<unknown[]>>).then(
      (result) => asObjects(named, result),
      (error: unknown) => {
        if (!/cached plan must not change result type/.test(String((error as Error | undefined)?.message)))
          throw error;
        statements.set(text, null);
        return plain(text, values);
      },
    );
  };
}

type RowMaker = { names: string[]; make: (row: unknown[]) => Record<string, unknown> };
/** By statement name: the object a row of it becomes. */
const rowMakers = new Map<string, RowMaker>();

/**
 * A named statement's rows, read as arrays, made into objects by a function made once per statement: an object
 * literal of its fields. pg's own rows copy a null-prototype template per row and store each field by its name
 * (bench/api: row parsing was 2-3 % of the server's time per console call). The same objects: fields in order, a
 * name given twice keeps the later value. A statement whose fields differ from those its maker was made for (a
 * table changed by a migration) gets a new one.
 */
function asObjects(name: string, result: pg.QueryResult<unknown[]>): pg.QueryResult {
  const fields = result.fields;
  let maker = rowMakers.get(name);
  if (!maker || maker.names.length !== fields.length || fields.some((f, i) => f.name !== maker!.names[i])) {
    maker = rowMakerOf(fields.map((f) => f.name));
    rowMakers.set(name, maker);
  }
  const rows = result.rows;
  const objects = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) objects[i] = maker.make(rows[i]!);
  return Object.assign(result, { rows: objects });
}

function rowMakerOf(names: string[]): RowMaker {
  // A field named __proto__ would set the literal's prototype: such rows are made field by field.
  if (names.includes('__proto__'))
    return {
      names,
      make: (row) => {
        const object: Record<string, unknown> = {};
        names.forEach((n, i) =>
          Object.defineProperty(object, n, {
            value: row[i],
            enumerable: true,
            writable: true,
            configurable: true,
          }),
        );
        return object;
      },
    };
  const literal = names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ');
  // The field names are the database's (JSON-quoted): no text from a request reaches this code.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const make = new Function('r', `return { ${literal} };`) as RowMaker['make'];
  return { names, make };
}

/**
 * A connection of its own, outside the pool, to the same database: a LISTEN holds its connection for as long as the
 * node runs. The caller connects and ends it.
 */
export function dedicatedClient(db: Db): pg.Client {
  const pool = pools.get(db);
  if (!pool) throw new Error('dedicatedClient needs a Db made by createDb');
  return new pg.Client({ connectionString: pool.options.connectionString, keepAlive: true });
}

/** A row as the database wrote it: each column's text, or null. */
export type TextRow = (string | null)[];
const asText = { getTypeParser: () => (text: string) => text };

/** A query read before a cursor's first batch, in the cursor's snapshot, and what to do with its rows. */
export type SnapshotRead = { query: Compilable; rows: (rows: TextRow[]) => void };

/**
 * Reads a query from a cursor, `size` rows at a time, as arrays of the columns' text: no row objects and no type
 * parsing, which cost more than the query itself for a million rows (bench/sessions). The next batch is asked for
 * before a batch is handed out, so the database reads while the caller writes. Ending early (a download given up)
 * closes the cursor and gives the connection back. `first` is read before the cursor opens, in one repeatable-read
 * transaction with it: what the rows refer to (their chargers, say) as of the same moment.
 */
export async function* textBatches<Row extends TextRow = TextRow>(
  db: Db,
  query: Compilable,
  size: number,
  first?: SnapshotRead,
): AsyncGenerator<Row[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('textBatches needs a Db made by createDb');
  const { sql, parameters } = query.compile();
  const client = await pool.connect();
  if (first) {
    try {
      await client.query('begin isolation level repeatable read read only');
      const before = first.query.compile();
      const result = await client.query<TextRow>({
        text: before.sql,
        values: [...before.parameters],
        rowMode: 'array',
        types: asText,
      });
      first.rows(result.rows);
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }
  const cursor = client.query(
    new Cursor<Row>(sql, [...parameters], {
      rowMode: 'array',
      types: asText,
    }),
  );
  let failed: unknown;
  try {
    let next = cursor.read(size);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) return;
      next = cursor.read(size);
      // Handled here too: if the caller stops before this is awaited, its failure must not go unhandled.
      next.catch(() => {});
      yield batch;
    }
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // A cursor that failed or was given up mid-read leaves the connection in an unknown state: it is dropped.
    await cursor.close().catch(() => {});
    if (first && failed === undefined)
      await client.query('commit').catch((error: unknown) => (failed = error));
    client.release(failed instanceof Error ? failed : undefined);
  }
}
