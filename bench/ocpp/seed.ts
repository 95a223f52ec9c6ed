// Phase 1: N chargers in the database, each with its own PIN, hashed by the server's own PIN hasher, and the
// write counters the steady phase is checked against.
import { randomBytes } from 'node:crypto';
import { siteFieldsSchema } from '@plugboard/contract';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client.ts';
import { eventWriter } from '../../apps/server/src/modules/events/events.service.ts';
import { chargersRepository } from '../../apps/server/src/modules/chargers/chargers.repository.ts';
import { chargerService } from '../../apps/server/src/modules/chargers/chargers.service.ts';
import { pinHasher } from '../../apps/server/src/modules/chargers/pin-hash.ts';
import { anOperator, aSite } from '../../apps/server/src/modules/sites/sites.fixtures.ts';
import { sitesService } from '../../apps/server/src/modules/sites/sites.service.ts';
import type { ChargerLogin } from './protocol.ts';
// Loads fastify's types first, so that the server's `declare module 'fastify'` (event-bus.ts, reached through the
// chargers service) resolves when this folder is typechecked on its own.
import type {} from 'fastify';

const perSite = 1000;
const perInsert = 1000;
// The secret's name in chargers.service.ts; a wrong one would make every handshake fail, which the check below
// catches before any load runs.
const pinSecretName = 'charger-pin-hmac';

/**
 * Registers `count` chargers, `perSite` to a site. The first goes through chargerService.registerCharger (which
 * creates the PIN secret as the server would); the rest are inserted a thousand rows at a time with PIN hashes
 * from the same hasher.
 */
export async function createChargers(db: Db, count: number): Promise<ChargerLogin[]> {
  const prefix = `BN${randomBytes(3).toString('hex').toUpperCase()}`;
  const logins = Array.from({ length: count }, (_, i) => ({
    code: `${prefix}-${String(i).padStart(5, '0')}`,
    pin: randomBytes(6).toString('base64url'),
  }));
  const { userId } = await anOperator(db);
  const stations: number[] = [];
  for (let i = 0; i < count; i += perSite) {
    const site = await sitesService(db).add(
      userId,
      siteFieldsSchema.parse(aSite({ name: `Bench ${i / perSite}` })),
    );
    stations.push(site.id);
  }

  const service = chargerService({ db, events: eventWriter(() => new Date()), now: () => new Date() });
  const first = logins[0]!;
  await service.registerCharger({
    stationId: stations[0]!,
    productCode: first.code,
    pin: first.pin,
    alias: 'B0',
  });

  const repo = chargersRepository(db);
  const pins = pinHasher((candidate) => repo.secret(pinSecretName, candidate));
  for (let from = 1; from < count; from += perInsert) {
    const rows = await Promise.all(
      logins.slice(from, from + perInsert).map(async ({ code, pin }, j) => ({
        station_id: stations[Math.floor((from + j) / perSite)]!,
        product_code: code,
        alias: `B${from + j}`,
        pin_hash: await pins.hash(code, pin),
      })),
    );
    await db.insertInto('chargers').values(rows).execute();
  }
  const last = logins[count - 1]!;
  if (!(await service.authenticate(last.code, last.pin))) {
    throw new Error('a bulk-inserted charger does not authenticate: has the PIN secret name changed?');
  }
  return logins;
}

export type WriteCounters = {
  meterRows: number;
  /** Rows inserted + updated per table, from pg_stat_user_tables (flushed by PostgreSQL within ~10 s). */
  written: Record<'chargers' | 'connectors' | 'meter_values', number>;
  commits: number;
};

export async function writeCounters(db: Db): Promise<WriteCounters> {
  const tables = await sql<{ relname: string; written: string }>`
    select relname, n_tup_ins + n_tup_upd as written from pg_stat_user_tables
    where relname in ('chargers', 'connectors', 'meter_values')`.execute(db);
  const written = { chargers: 0, connectors: 0, meter_values: 0 };
  for (const row of tables.rows) written[row.relname as keyof typeof written] = Number(row.written);
  const commits = await sql<{ commits: string }>`
    select xact_commit as commits from pg_stat_database where datname = current_database()`.execute(db);
  const meter = await db
    .selectFrom('meter_values')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .execute();
  return { meterRows: Number(meter[0]?.n ?? 0), written, commits: Number(commits.rows[0]?.commits ?? 0) };
}
