// node bench/api/build-cost.ts [--before DIR] [--seconds 2 --rounds 5] — what the console API's three calls' queries
// cost the Node process to make, without the database: each repository read of the bench's calls (the sessions
// list's page, the chargers list's page, the site detail, the ownership check, the session by token hash) run on a
// Kysely whose driver answers every query at once with no rows (Kysely's DummyDriver), so only building, compiling
// and Kysely's execution path are counted. `--before DIR`: the same reads of another checkout (a `git archive`
// copy), in the same process, in turn. CPU of this process per call (process.cpuUsage), median of the rounds.
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Expression,
} from 'kysely';
import type * as SessionsHistory from '../../apps/server/src/modules/sessions/sessions-history.repository.ts';
import type * as Sessions from '../../apps/server/src/modules/sessions/sessions.repository.ts';
import type * as ChargerView from '../../apps/server/src/modules/chargers/charger-view.repository.ts';
import type * as Sites from '../../apps/server/src/modules/sites/sites.repository.ts';
import type * as Auth from '../../apps/server/src/modules/auth/auth.repository.ts';
import type { Database } from '../../apps/server/src/db/schema.ts';
import { table } from '../ocpp/figures.ts';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
  },
});

type Reads = [string, () => Promise<unknown>][];

/** The reads of the checkout at `root`, on a Kysely that answers without a database. */
async function readsOf(root: string): Promise<Reads> {
  const src = path.join(root, 'apps/server/src/modules');
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const load = async <M>(file: string) => (await import(path.join(src, file))) as M;
  const sessions = (
    await load<typeof SessionsHistory>('sessions/sessions-history.repository.ts')
  ).sessionsHistoryRepository(db);
  const ongoing = (await load<typeof Sessions>('sessions/sessions.repository.ts')).sessionsRepository(db);
  const chargers = (
    await load<typeof ChargerView>('chargers/charger-view.repository.ts')
  ).chargerViewRepository(db);
  const sites = (await load<typeof Sites>('sites/sites.repository.ts')).sitesRepository(db);
  const auth = (await load<typeof Auth>('auth/auth.repository.ts')).authRepository(db);
  const perCharger = (id: Expression<number>) => ongoing.ongoingWithReadingsJson(id);
  const hash = Buffer.alloc(32, 7);
  return [
    [
      'sessions list page',
      () =>
        sessions.pageWithExtras({ stationId: 7 }, { sortBy: 'startTime', sortOrder: 'desc' }, 10, 0, 1011),
    ],
    ['chargers list page', () => chargers.pageWithConnectors(7, {}, 10, 0, perCharger)],
    ['site detail', () => sites.findOwned(3, 7)],
    ['site ownership', () => sites.isOwned(3, 7)],
    ['session by token hash', () => auth.findByHash(hash)],
  ];
}

async function cpuPerCall(run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const end = performance.now() + Number(args.seconds) * 1000;
  const start = process.cpuUsage();
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) await run();
    n += 100;
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n; // µs
}

const checkouts: [string, Reads][] = [];
if (args.before) checkouts.push(['before', await readsOf(path.resolve(args.before))]);
checkouts.push([args.before ? 'after' : 'this tree', await readsOf(path.join(import.meta.dirname, '../..'))]);
const results = new Map<string, number[]>();
for (const [, reads] of checkouts) for (const [, run] of reads) await cpuPerCall(run); // warm-up
for (let r = 0; r < Number(args.rounds); r++)
  for (const [who, reads] of checkouts)
    for (const [name, run] of reads) {
      const key = `${name}|${who}`;
      results.set(key, [...(results.get(key) ?? []), await cpuPerCall(run)]);
    }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const names = checkouts[0]![1].map(([name]) => name);
console.log(
  table([
    ['read', ...checkouts.map(([who]) => `${who}: µs per call`)],
    ...names.map((name) => [
      name,
      ...checkouts.map(([who]) => median(results.get(`${name}|${who}`)!).toFixed(1)),
    ]),
  ]),
);
