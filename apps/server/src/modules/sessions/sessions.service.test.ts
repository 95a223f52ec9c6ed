import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { aCharger } from '../chargers/chargers.fixtures.ts';
import type { ChargerIdentity } from '../chargers/chargers.service.ts';
import { eventWriter } from '../events/events.service.ts';
import { sessionService, type SessionService } from './sessions.service.ts';
import type { MeterValue, TransactionEvent, TransactionEventType } from './transaction-event.ts';

// The core told in OCPP 2.0.1's words, without any OCPP 1.6 in between (the 1.6 handlers' tests are in ocpp/).

let t: TestApp;
let sessions: SessionService;
beforeAll(async () => {
  t = await createTestApp();
  sessions = sessionService({
    db: t.db,
    events: { ...eventWriter(t.clock.now), signal: () => {} },
    now: t.clock.now,
  });
});
afterAll(() => t.close());

async function aChargerIdentity(): Promise<ChargerIdentity> {
  const charger = await aCharger(t.db);
  return { chargerId: charger.id, stationId: charger.station_id, productCode: charger.product_code };
}

const energy = (
  timestamp: string,
  value: number,
  more: Partial<MeterValue['sampledValue'][number]> = {},
) => ({
  timestamp,
  sampledValue: [{ value, measurand: 'Energy.Active.Import.Register' as const, ...more }],
});

function anEvent<T extends TransactionEventType>(
  eventType: T,
  transactionId: string,
  timestamp: string,
  meterValue: MeterValue[],
): TransactionEvent<T> {
  return {
    eventType,
    timestamp,
    triggerReason: eventType === 'Ended' ? 'EVCommunicationLost' : 'Authorized',
    seqNo: 0,
    transactionInfo: { transactionId, ...(eventType === 'Ended' && { stoppedReason: 'EVDisconnected' }) },
    idToken: { idToken: 'TOKEN-1', type: 'ISO14443' },
    evse: { id: 2, connectorId: 1 },
    meterValue,
  };
}

const readingsOfSession = (sessionId: number) =>
  t.db
    .selectFrom('meter_values')
    .select(['energy_wh', 'power_w'])
    .where('session_id', '=', sessionId)
    .orderBy('sampled_at')
    .execute();

describe('the sessions core', () => {
  it('starts, updates and ends a transaction at its Begin and End registers, each counted once', async () => {
    const charger = await aChargerIdentity();
    const id = await sessions.newTransactionId();
    const started = anEvent('Started', id, '2026-04-01T08:00:00.000Z', [
      energy('2026-04-01T08:00:00.000Z', 2, { context: 'Transaction.Begin', unitOfMeasure: { unit: 'kWh' } }),
    ]);
    const first = await sessions.start(charger, started, { drawn: true });
    expect(first.session).toMatchObject({
      id: Number(id),
      transaction_id: id,
      connector_id: 2,
      meter_start_wh: 2000,
    });
    // A replay, under another id drawn for it, finds the first session.
    const replay = await sessions.start(
      charger,
      {
        ...started,
        transactionInfo: { transactionId: await sessions.newTransactionId() },
      },
      { drawn: true },
    );
    expect(replay).toMatchObject({ replayed: true, session: { id: first.session.id } });

    await sessions.update(
      charger,
      anEvent('Updated', id, '2026-04-01T08:30:00.000Z', [
        energy('2026-04-01T08:30:00.000Z', 35, { unitOfMeasure: { unit: 'Wh', multiplier: 2 } }),
      ]),
    );
    const ended = anEvent('Ended', id, '2026-04-01T09:00:00.000Z', [
      energy('2026-04-01T09:00:00.000Z', 6500, { context: 'Transaction.End' }),
    ]);
    const stopped = await sessions.end(charger, ended);
    await sessions.end(charger, { ...ended, meterValue: [energy('2026-04-01T09:00:00.000Z', 9999)] });

    expect(await sessions.getSession(first.session.id)).toMatchObject({
      status: 'complete',
      meter_stop_wh: 6500,
      energy_wh: 4500,
      stop_reason: 'EVDisconnected',
      updated_at: stopped.updated_at,
    });
    // The registers are the session's; the reading in between is a reading.
    expect(await readingsOfSession(first.session.id)).toEqual([{ energy_wh: 3500, power_w: null }]);
    const written = await t.db
      .selectFrom('events')
      .select('type')
      .where(sql<string>`payload->>'sessionId'`, '=', String(first.session.id))
      .orderBy('id')
      .execute();
    expect(written.map((e) => e.type)).toEqual(['session.started', 'session.stopped']);
  });

  it('records the end of a transaction it never started, flagged, at its first reading', async () => {
    const charger = await aChargerIdentity();
    const ended = anEvent('Ended', '424242', '2026-04-02T10:00:00.000Z', [
      energy('2026-04-02T09:10:00.000Z', 1200),
      energy('2026-04-02T10:00:00.000Z', 3000, { context: 'Transaction.End' }),
    ]);
    const stopped = await sessions.end(charger, ended);
    expect(stopped).toMatchObject({
      transaction_id: '424242',
      connector_id: 2,
      flags: ['unknownTransaction'],
      start_time: new Date('2026-04-02T09:10:00.000Z'),
      meter_start_wh: 1200,
      meter_stop_wh: 3000,
      energy_wh: 1800,
    });
    expect((await sessions.end(charger, ended)).id).toBe(stopped.id);
  });

  it("keeps a charger's own string transaction id (OCPP 2.0.1) from start to end", async () => {
    const charger = await aChargerIdentity();
    const other = await aChargerIdentity();
    const id = randomUUID();
    const started = anEvent('Started', id, '2026-04-03T08:00:00.000Z', [
      energy('2026-04-03T08:00:00.000Z', 500, { context: 'Transaction.Begin' }),
    ]);
    const first = await sessions.start(charger, started);
    expect(first).toMatchObject({ replayed: false, session: { transaction_id: id, status: 'ongoing' } });
    expect(first.session.id).not.toBe(Number(id));
    expect(await sessions.start(charger, started)).toMatchObject({
      replayed: true,
      session: { id: first.session.id },
    });
    // A transaction id is the charger's one transaction: told again with another time, it is the same.
    expect(
      await sessions.start(charger, { ...started, timestamp: '2026-04-03T08:00:05.000Z' }),
    ).toMatchObject({ replayed: true, session: { id: first.session.id } });

    await sessions.update(
      charger,
      anEvent('Updated', id, '2026-04-03T08:20:00.000Z', [energy('2026-04-03T08:20:00.000Z', 2500)]),
    );
    // The same id from another charger names nothing of this one's.
    await sessions.update(
      other,
      anEvent('Updated', id, '2026-04-03T08:25:00.000Z', [energy('2026-04-03T08:25:00.000Z', 9000)]),
    );
    expect(await readingsOfSession(first.session.id)).toEqual([{ energy_wh: 2500, power_w: null }]);

    const ended = anEvent('Ended', id, '2026-04-03T09:00:00.000Z', [
      energy('2026-04-03T09:00:00.000Z', 4500, { context: 'Transaction.End' }),
    ]);
    const stopped = await sessions.end(charger, ended);
    expect(stopped).toMatchObject({
      id: first.session.id,
      transaction_id: id,
      status: 'complete',
      energy_wh: 4000,
      stop_reason: 'EVDisconnected',
      flags: [],
    });
    expect(await sessions.end(charger, ended)).toMatchObject({
      id: stopped.id,
      updated_at: stopped.updated_at,
    });

    // Ended alone on the other charger: a transaction it never started, stored apart under the charger's id.
    expect(await sessions.end(other, ended)).toMatchObject({
      transaction_id: id,
      charger_id: other.chargerId,
      flags: ['unknownTransaction'],
    });
  });

  it('refuses a transaction id longer than OCPP 2.0.1 allows (36 characters)', async () => {
    const charger = await aChargerIdentity();
    await expect(
      sessions.start(charger, anEvent('Started', 'x'.repeat(37), '2026-04-03T08:00:00.000Z', [])),
    ).rejects.toThrow(/1 to 36 characters/);
  });
});
