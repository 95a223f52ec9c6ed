import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedCharger } from '@plugboard/charger-sim';
import { buildApp } from '../app.ts';
import { createDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { aCharger } from '../modules/chargers/chargers.fixtures.ts';
import type { FastifyInstance } from 'fastify';

// The console's pool and the central system's pool (issue 21): a burst of console reads holding every connection of
// the console's pool must not make a charger's messages wait.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let consoleDb: Db;
let ocppDb: Db;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  consoleDb = createDb(database.url, { max: 2 });
  ocppDb = createDb(database.url, { max: 2 });
  await migrate(consoleDb);
  app = await buildApp({
    config: { logLevel: 'silent', webDist: path.resolve(import.meta.dirname, '../../../web/dist') },
    db: consoleDb,
    ocppDb,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ocpp`;
});

afterAll(async () => {
  await app.close();
  await ocppDb.destroy();
  await consoleDb.destroy();
  await database.drop();
});

/** Rejects when `work` takes longer than `ms`. */
const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`not answered within ${ms} ms`)), ms).unref(),
    ),
  ]);

describe('the central system has a pool of its own', () => {
  it("answers a charger's messages while every connection of the console's pool is held", async () => {
    const charger = await aCharger(ocppDb);
    // Two long reads hold both connections of the console's pool, as a burst of console calls would.
    const held = [1, 2].map(() => sql`select pg_sleep(20)`.execute(consoleDb).catch(() => undefined));
    const sleeping = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'select pg_sleep(20)%' and state = 'active'`.execute(
            ocppDb,
          )
        ).rows[0]?.n,
      );
    while ((await sleeping()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));

    const sim = createSimulatedCharger({
      url,
      productCode: charger.product_code,
      pin: charger.pin,
      meterIntervalMs: 0,
    });
    try {
      // The handshake (PIN check), BootNotification, the statuses, and a card's Authorize: each a database write
      // or read of the central system.
      const boot = await within(3000, sim.boot());
      expect(boot.status).toBe('Accepted');
      expect(await within(2000, sim.presentCard('NOSUCHCARD'))).toMatchObject({ status: 'Invalid' });
      // The console's pool is still held: the answers did not come from it.
      expect(await sleeping()).toBe(2);
    } finally {
      await sim.stop();
      await sql`select pg_cancel_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'select pg_sleep(20)%'`.execute(ocppDb);
      await Promise.all(held);
    }
  });
});
