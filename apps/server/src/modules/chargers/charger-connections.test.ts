import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { createSharedDatabase, type SharedDatabase } from '../../../test/helpers.ts';
import { mapOcpp16Status } from '../../ocpp/v16/status-mapping.ts';
import { eventWriter } from '../events/events.service.ts';
import { aCharger } from './chargers.fixtures.ts';
import { chargerService, type BootInfo, type ChargerService } from './chargers.service.ts';

// Chargers connecting, booting and disconnecting in the same turn of the event loop share one transaction
// (charger-connections.ts): the statements are counted, and the rows and events read as if one by one.

// A database without an app: no subscriber of the events reads anything meanwhile, so every statement counted is
// the service's own.
let t: SharedDatabase;
let chargers: ChargerService;
/** The service's own pool, whose statements are recorded while `statementsOf` runs. */
let serviceDb: Db;
let recording: string[] | undefined;
beforeAll(async () => {
  t = await createSharedDatabase();
  serviceDb = createDb(t.url, { max: 4, onQuery: (sql) => recording?.push(sql) });
  t.closeLater(() => serviceDb.destroy());
  const now = () => new Date();
  chargers = chargerService({ db: serviceDb, events: eventWriter(now), now });
});
afterAll(() => t.close());

/** Every statement the service sends to PostgreSQL while `work` runs (BEGIN and COMMIT included). */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  recording = [];
  await work();
  const texts = recording;
  recording = undefined;
  return texts;
}

const boot = (firmwareVersion: string | null = '1.0'): BootInfo => ({
  vendor: 'Vendor',
  model: 'Model',
  serialNumber: 'SN-1',
  firmwareVersion,
  iccid: null,
  imsi: null,
  meterType: null,
  meterSerialNumber: null,
});

const statusEvents = (chargerIds: number[]) =>
  t.db
    .selectFrom('events')
    .select('payload')
    .where('type', '=', 'charger.status')
    .where(sql<number>`(payload->>'chargerId')::integer`, 'in', chargerIds)
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.map((r) => {
        const p = r.payload as { chargerId: number; status: string; connected: boolean };
        return [p.chargerId, p.status, p.connected];
      }),
    );

const row = (id: number) =>
  t.db.selectFrom('chargers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('chargers connecting at once', () => {
  it('are marked connected in one transaction of 6 statements, whatever their number, each with its event', async () => {
    const list = await Promise.all(Array.from({ length: 8 }, () => aCharger(t.db)));
    // One of them reported its connector before; one is held by another node's older socket.
    await chargers.recordConnectorStatus(
      list[1]!.id,
      {
        connectorId: 1,
        ocppStatus: 'Charging',
        errorCode: 'NoError',
        info: null,
        vendorErrorCode: null,
        timestamp: new Date(),
      },
      mapOcpp16Status,
    );
    const olderSocket = randomUUID();
    await t.db
      .updateTable('chargers')
      .set({ node_id: 'node-b', connection_id: olderSocket, connected: true })
      .where('id', '=', list[2]!.id)
      .execute();
    const sockets = list.map(() => randomUUID());
    let replaced: unknown[] = [];
    const statements = await statementsOf(async () => {
      replaced = await Promise.all(
        list.map((c, i) => chargers.markConnected(c.id, { nodeId: 'node-a', connectionId: sockets[i]! })),
      );
    });
    expect(statements).toHaveLength(6);
    expect(replaced).toEqual(
      list.map((_, i) => (i === 2 ? { nodeId: 'node-b', connectionId: olderSocket } : undefined)),
    );
    for (const [i, c] of list.entries()) {
      expect(await row(c.id)).toMatchObject({
        connected: true,
        node_id: 'node-a',
        connection_id: sockets[i],
        status: i === 1 ? 'charging' : 'online',
      });
    }
    expect(await statusEvents([list[0]!.id, list[1]!.id])).toEqual([
      [list[1]!.id, 'offline', false], // its report, before it connected
      [list[0]!.id, 'online', true],
      [list[1]!.id, 'charging', true],
    ]);
  });

  it('apply two sockets of one charger in their order: the second replaces the first', async () => {
    const c = await aCharger(t.db);
    const [first, second] = [randomUUID(), randomUUID()];
    const results = await Promise.all([
      chargers.markConnected(c.id, { nodeId: 'node-a', connectionId: first }),
      chargers.markConnected(c.id, { nodeId: 'node-b', connectionId: second }),
    ]);
    expect(results).toEqual([undefined, { nodeId: 'node-a', connectionId: first }]);
    expect(await row(c.id)).toMatchObject({ node_id: 'node-b', connection_id: second });
  });

  it('leave out a charger deleted meanwhile, and connect the others', async () => {
    const [a, gone] = [await aCharger(t.db), await aCharger(t.db)];
    await t.db.deleteFrom('chargers').where('id', '=', gone.id).execute();
    const results = await Promise.allSettled([
      chargers.markConnected(a.id, { nodeId: 'node-a', connectionId: randomUUID() }),
      chargers.markConnected(gone.id, { nodeId: 'node-a', connectionId: randomUUID() }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect((await row(a.id)).connected).toBe(true);
  });
});

describe('chargers booting at once', () => {
  it('are written in one transaction of 6 statements: their boot, their forgotten statuses, their firmware', async () => {
    const list = await Promise.all(Array.from({ length: 5 }, () => aCharger(t.db)));
    for (const c of list)
      await chargers.markConnected(c.id, { nodeId: 'node-a', connectionId: randomUUID() });
    await chargers.recordConnectorStatus(
      list[0]!.id,
      {
        connectorId: 1,
        ocppStatus: 'Faulted',
        errorCode: 'GroundFailure',
        info: null,
        vendorErrorCode: null,
        timestamp: new Date(),
      },
      mapOcpp16Status,
    );
    // An update under way that the new version settles; a charger that went offline meanwhile stays offline.
    await chargers.recordFirmwareStatus(list[1]!.id, 'Installing');
    await chargers.markDisconnected(list[2]!.id, (await row(list[2]!.id)).connection_id!);
    const statements = await statementsOf(() =>
      Promise.all(list.map((c, i) => chargers.recordBoot(c.id, boot(i === 1 ? '2.0' : '1.0')))),
    );
    expect(statements).toHaveLength(6);
    expect(await row(list[0]!.id)).toMatchObject({
      status: 'online',
      error_code: null,
      vendor: 'Vendor',
      model: 'Model',
      serial_number: 'SN-1',
      firmware_version: '1.0',
    });
    expect((await row(list[0]!.id)).booted_at).not.toBeNull();
    expect(
      await t.db
        .selectFrom('connectors')
        .select(['status', 'error_code', 'ocpp_status'])
        .where('charger_id', '=', list[0]!.id)
        .execute(),
    ).toEqual([{ status: 'online', error_code: 'NoError', ocpp_status: 'Faulted' }]);
    expect(await row(list[1]!.id)).toMatchObject({ firmware_version: '2.0', firmware_status: 'Installed' });
    expect(await row(list[2]!.id)).toMatchObject({ connected: false, status: 'offline', vendor: 'Vendor' });
    expect(await statusEvents([list[0]!.id])).toEqual([
      [list[0]!.id, 'online', true],
      [list[0]!.id, 'faulted', true],
      [list[0]!.id, 'online', true],
    ]);
  });
});

describe('sockets closing at once', () => {
  it('mark their chargers offline in one transaction of 4 statements, unless a newer socket took over', async () => {
    const list = await Promise.all(Array.from({ length: 4 }, () => aCharger(t.db)));
    const sockets = list.map(() => randomUUID());
    await Promise.all(
      list.map((c, i) => chargers.markConnected(c.id, { nodeId: 'a', connectionId: sockets[i]! })),
    );
    const newer = randomUUID();
    await chargers.markConnected(list[3]!.id, { nodeId: 'a', connectionId: newer });
    const statements = await statementsOf(() =>
      Promise.all(list.map((c, i) => chargers.markDisconnected(c.id, sockets[i]!))),
    );
    expect(statements).toHaveLength(4);
    for (const c of list.slice(0, 3))
      expect(await row(c.id)).toMatchObject({ connected: false, status: 'offline', connection_id: null });
    expect(await row(list[3]!.id)).toMatchObject({ connected: true, connection_id: newer });
    expect((await statusEvents([list[0]!.id])).at(-1)).toEqual([list[0]!.id, 'offline', false]);
  });
});
