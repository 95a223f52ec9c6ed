import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { mapOcpp16Status } from '../../ocpp/v16/status-mapping.ts';
import { eventWriter } from '../events/events.service.ts';
import { aCharger } from './chargers.fixtures.ts';
import { chargerService, type ChargerService, type ConnectorReport } from './chargers.service.ts';

// Status notifications of many chargers at once share one transaction (connector-statuses.ts) and read as one by one.

let t: TestApp;
let chargers: ChargerService;
const transactions = vi.fn();
beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  // Counts the transactions the service opens.
  const counted = new Proxy(db, {
    get: (target, key, receiver) => {
      if (key === 'transaction') transactions();
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  chargers = chargerService({ db: counted, events: eventWriter(t.clock.now), now: t.clock.now });
});
afterAll(() => t.close());

async function aConnectedCharger() {
  const charger = await aCharger(t.db);
  await chargers.markConnected(charger.id, { nodeId: 'test', connectionId: randomUUID() });
  return charger;
}

const report = (
  connectorId: number,
  ocppStatus: string,
  second: number,
  errorCode = 'NoError',
): ConnectorReport => ({
  connectorId,
  ocppStatus,
  errorCode,
  info: null,
  vendorErrorCode: null,
  timestamp: new Date(Date.UTC(2026, 10, 24, 12, 0, second)),
});

const statusEvents = (chargerIds: number[]) =>
  t.db
    .selectFrom('events')
    .select(['payload'])
    .where('type', '=', 'charger.status')
    .where(sql<number>`(payload->>'chargerId')::integer`, 'in', chargerIds)
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows
        .map(
          (r) =>
            r.payload as {
              chargerId: number;
              status: string;
              connector?: { connectorId: number; status: string };
            },
        )
        .filter((p) => p.connector)
        .map((p) => [p.chargerId, p.connector!.connectorId, p.connector!.status, p.status]),
    );

describe('status notifications arriving together', () => {
  it('are written in one transaction, each applied in order as if alone, with an event each', async () => {
    const [a, b, c] = [await aConnectedCharger(), await aConnectedCharger(), await aConnectedCharger()];
    transactions.mockClear();
    await Promise.all([
      chargers.recordConnectorStatus(a.id, report(1, 'Preparing', 1), mapOcpp16Status),
      chargers.recordConnectorStatus(b.id, report(1, 'Available', 1), mapOcpp16Status),
      chargers.recordConnectorStatus(a.id, report(1, 'Charging', 2), mapOcpp16Status),
      chargers.recordConnectorStatus(c.id, report(0, 'Faulted', 1, 'GroundFailure'), mapOcpp16Status),
      chargers.recordConnectorStatus(b.id, report(2, 'Charging', 1), mapOcpp16Status),
      // Older than the Charging of the same connector in this group: changes nothing, as it would alone.
      chargers.recordConnectorStatus(a.id, report(1, 'Available', 0), mapOcpp16Status),
    ]);
    expect(transactions).toHaveBeenCalledTimes(1);

    const detail = async (id: number) => {
      const charger = await chargers.getCharger(id);
      const connectors = await t.db
        .selectFrom('connectors')
        .select(['connector_id', 'status', 'ocpp_status'])
        .where('charger_id', '=', id)
        .orderBy('connector_id')
        .execute();
      return { status: charger.status, connectors: connectors.map((r) => [r.connector_id, r.ocpp_status]) };
    };
    expect(await detail(a.id)).toEqual({ status: 'charging', connectors: [[1, 'Charging']] });
    expect(await detail(b.id)).toEqual({
      status: 'charging',
      connectors: [
        [1, 'Available'],
        [2, 'Charging'],
      ],
    });
    expect(await detail(c.id)).toMatchObject({ status: 'faulted', connectors: [[0, 'Faulted']] });
    expect(await statusEvents([a.id, b.id, c.id])).toEqual([
      [a.id, 1, 'ready', 'ready'],
      [b.id, 1, 'available', 'available'],
      [a.id, 1, 'charging', 'charging'],
      [c.id, 0, 'faulted', 'faulted'],
      [b.id, 2, 'charging', 'charging'],
    ]);
  });

  it('fail alone for a charger deleted meanwhile', async () => {
    const [a, gone] = [await aConnectedCharger(), await aConnectedCharger()];
    await t.db.deleteFrom('chargers').where('id', '=', gone.id).execute();
    const results = await Promise.allSettled([
      chargers.recordConnectorStatus(a.id, report(1, 'Available', 1), mapOcpp16Status),
      chargers.recordConnectorStatus(gone.id, report(1, 'Available', 1), mapOcpp16Status),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((await chargers.getCharger(a.id)).status).toBe('available');
  });

  it('leave an offline charger offline, keeping its connectors news', async () => {
    const charger = await aCharger(t.db);
    await chargers.recordConnectorStatus(charger.id, report(1, 'Charging', 1), mapOcpp16Status);
    expect((await chargers.getCharger(charger.id)).status).toBe('offline');
    expect(await statusEvents([charger.id])).toEqual([[charger.id, 1, 'charging', 'offline']]);
  });
});
