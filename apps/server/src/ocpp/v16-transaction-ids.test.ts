import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aCharger } from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, storedRows, type OcppTestApp } from './ocpp.fixtures.ts';
import { coreTransactionId, ocpp16TransactionId } from './v16/transaction-id.ts';

// The sessions core keeps transaction ids as text (OCPP 2.0.1 chargers choose their own); OCPP 1.6's are 32-bit
// integers, converted at the edge both ways.

let t: OcppTestApp;
const sims = simulators(() => t.url);
beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const { sessionsOf } = storedRows(() => t.db);

describe('OCPP 1.6 transaction ids', () => {
  it('are the digits of the integer in the core, and only such digits go back to a 1.6 charger', () => {
    expect(coreTransactionId(42)).toBe('42');
    expect(ocpp16TransactionId('42')).toBe(42);
    expect(ocpp16TransactionId('-7')).toBe(-7);
    expect(ocpp16TransactionId(String(2 ** 31 - 1))).toBe(2 ** 31 - 1);
    for (const text of [
      'a1b2-c3',
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      '2147483648',
      '007',
      '-0',
      '',
      '1.5',
    ])
      expect(() => ocpp16TransactionId(text), text).toThrow(/no OCPP 1.6 transaction id/);
  });

  it('a stop or readings naming a number beyond 32 bits get TypeConstraintViolation and store nothing', async () => {
    const charger = await aCharger(t.db);
    const client = sims.raw(charger.product_code, charger.pin);
    await client.connect();
    await expect(
      client.call('StopTransaction', {
        transactionId: 2 ** 31,
        meterStop: 100,
        timestamp: '2026-03-01T10:00:00.000Z',
      }),
    ).rejects.toMatchObject({ rpcErrorCode: 'TypeConstraintViolation' });
    await expect(
      client.call('MeterValues', {
        connectorId: 1,
        transactionId: 2 ** 40,
        meterValue: [{ timestamp: '2026-03-01T10:00:00.000Z', sampledValue: [{ value: '100' }] }],
      }),
    ).rejects.toMatchObject({ rpcErrorCode: 'TypeConstraintViolation' });
    expect(await sessionsOf(charger.id)).toEqual([]);
  });

  it("a negative charger's number is a transaction it never started, stored apart under its digits", async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    const stop = { transactionId: -7, meterStop: 100, timestamp: '2026-03-01T10:00:00.000Z' };
    expect(await sim.call('StopTransaction', stop)).toEqual({});
    await sim.call('StopTransaction', stop);
    expect(await sessionsOf(charger.id)).toMatchObject([
      { transaction_id: '-7', flags: ['unknownTransaction'], status: 'complete' },
    ]);
  });

  it('a started session answers the session id as the 1.6 integer, its stop names it back', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    const start = { connectorId: 1, idTag: 'CARD1', meterStart: 0, timestamp: '2026-03-01T09:00:00.000Z' };
    const { transactionId } = await sim.call('StartTransaction', start);
    expect(Number.isInteger(transactionId)).toBe(true);
    await sim.call('StopTransaction', {
      transactionId,
      meterStop: 900,
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    expect(await sessionsOf(charger.id)).toMatchObject([
      {
        id: transactionId,
        transaction_id: String(transactionId),
        status: 'complete',
        energy_wh: 900,
        flags: [],
      },
    ]);
  });
});
