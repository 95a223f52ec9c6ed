import type { AddressInfo } from 'node:net';
import { RPCClient } from 'ocpp-rpc';
import { createSimulatedCharger, type SimulatedChargerOptions } from '@plugboard/charger-sim';
import type { Db } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

export type OcppTestApp = TestApp & { url: string };

/** A test app listening on a random port of 127.0.0.1, with its OCPP endpoint's URL. */
export async function listeningApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<OcppTestApp> {
  const t = await createTestApp(options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, url: `ws://127.0.0.1:${port}/ocpp` };
}

/** Simulated chargers made by a test file, stopped after each test. */
export function simulators(url: () => string) {
  const made: { stop: () => Promise<unknown> }[] = [];
  return {
    make: (
      charger: { product_code: string; pin: string },
      options: Partial<SimulatedChargerOptions> = {},
    ) => {
      const sim = createSimulatedCharger({
        url: url(),
        productCode: charger.product_code,
        pin: charger.pin,
        meterIntervalMs: 0,
        rebootDelayMs: 50,
        firmwareStepMs: 10,
        ...options,
      });
      made.push(sim);
      return sim;
    },
    /** A bare ocpp-rpc client without strict mode: it sends whatever a test asks, valid or not. */
    raw: (identity: string, password: string | undefined, wsOpts: Record<string, unknown> = {}) => {
      const client = new RPCClient({
        endpoint: url(),
        identity,
        ...(password !== undefined && { password }),
        protocols: ['ocpp1.6'],
        reconnect: false,
        wsOpts,
      } as ConstructorParameters<typeof RPCClient>[0]);
      made.push({ stop: () => client.close({ force: true }) });
      return client;
    },
    stopAll: async () => {
      await Promise.allSettled(made.splice(0).map((s) => s.stop()));
    },
  };
}

/** What the central system stored, read back for assertions; `db` is read at call time (set in beforeAll). */
export function storedRows(db: () => Db) {
  return {
    chargerRow: (id: number) =>
      db().selectFrom('chargers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    sessionsOf: (chargerId: number) =>
      db()
        .selectFrom('charging_sessions')
        .selectAll()
        .where('charger_id', '=', chargerId)
        .orderBy('id')
        .execute(),
  };
}
