// node bench/api/pg-overhead.ts — what pg does per query before and after the round trip, without a database:
// making a Query from its config (pg copies the config's own properties: a named statement's config as a plain
// object, as db/client.ts sent it before session 10, and as an object holding only its values over a frozen
// prototype, as it does now), and a result's `addFields` (pg's Result, internal: measured, not called by the
// server) for 5 and 20 fields. CPU ns per operation, median of 3 rounds.
import pg from 'pg';
// @ts-expect-error -- pg's internal Result, no types: measured only, to show what a result's fields cost.
import Result from 'pg/lib/result.js';

type Fields = { name: string; dataTypeID: number; format: string }[];
const ResultClass = Result as new (rowMode?: string) => { addFields: (fields: Fields) => void };

const n = 500_000;
let sink: unknown;
function nsPer(run: (i: number) => void): number {
  const rounds: number[] = [];
  for (let r = 0; r < 4; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) run(i);
    const used = process.cpuUsage(start);
    if (r > 0) rounds.push(((used.user + used.system) * 1000) / n);
  }
  return rounds.sort((a, b) => a - b)[1]!;
}

const text = 'select "id", "name" from "sites" where "user_id" = $1 and "id" = $2';
const statement = Object.freeze({ name: 'k1', text, rowMode: 'array' as const });
const fields = (count: number): Fields =>
  Array.from({ length: count }, (_, i) => ({
    name: `column_${i}`,
    dataTypeID: i % 2 ? 23 : 1184,
    format: 'text',
  }));
const five = fields(5);
const twenty = fields(20);

const rows: [string, number][] = [
  ['new Query: config a plain object', nsPer((i) => (sink = new pg.Query({ ...statement, values: [i, 2] })))],
  [
    'new Query: values over a frozen prototype',
    nsPer((i) => {
      const config = Object.create(statement) as { values: unknown[] };
      config.values = [i, 2];
      sink = new pg.Query(config as pg.QueryConfig);
    }),
  ],
  ['Result.addFields, 5 fields', nsPer(() => new ResultClass('array').addFields(five))],
  ['Result.addFields, 20 fields', nsPer(() => new ResultClass('array').addFields(twenty))],
];
void sink;
for (const [name, ns] of rows) console.log(`${name.padEnd(44)} ${ns.toFixed(0)} ns`);
