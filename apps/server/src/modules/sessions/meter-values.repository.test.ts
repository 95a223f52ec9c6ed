import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedDatabase, type SharedDatabase } from '../../../test/helpers.ts';
import { aCharger, aStation } from '../chargers/chargers.fixtures.ts';
import { meterValuesRepository } from './meter-values.repository.ts';
import { aStoredSession } from './sessions.fixtures.ts';

let shared: SharedDatabase;
beforeAll(async () => {
  shared = await createSharedDatabase();
});
afterAll(() => shared.close());

const readingsOf = (chargerId: number) =>
  shared.db
    .selectFrom('meter_values')
    .select([
      'charger_id',
      'connector_id',
      'session_id',
      'sampled_at',
      'energy_wh',
      'power_w',
      'current_l1',
      'current_l2',
      'current_l3',
    ])
    .where('charger_id', '=', chargerId)
    .orderBy('id')
    .execute();

describe('meter values', () => {
  it('inserts a batch as arrays: every column as given, nulls included, in order', async () => {
    const charger = await aCharger(shared.db);
    const at = new Date('2026-11-25T01:02:03.456Z');
    const rows = [
      {
        charger_id: charger.id,
        connector_id: 1,
        session_id: null,
        sampled_at: at,
        energy_wh: 9_007_199_254_740_991,
        power_w: 11_000,
        current_l1: 16.5,
        current_l2: null,
        current_l3: 15.25,
      },
      {
        charger_id: charger.id,
        connector_id: 0,
        session_id: null,
        sampled_at: new Date(at.getTime() + 1),
        energy_wh: null,
        power_w: null,
        current_l1: null,
        current_l2: null,
        current_l3: null,
      },
    ];
    await meterValuesRepository(shared.db).insert(rows);
    await meterValuesRepository(shared.db).insert([]);
    expect(await readingsOf(charger.id)).toEqual(rows);
  });

  it('outside sessions go with their charger, those of its sessions stay without it (0170: triggers, no key)', async () => {
    const stationId = await aStation(shared.db);
    const [gone, kept] = [await aCharger(shared.db, { stationId }), await aCharger(shared.db, { stationId })];
    const session = await aStoredSession(shared.db, { id: gone.id, station_id: stationId });
    const reading = (chargerId: number, sessionId: number | null) => ({
      charger_id: chargerId,
      connector_id: 1,
      session_id: sessionId,
      sampled_at: new Date(),
      energy_wh: 1000,
      power_w: null,
      current_l1: null,
      current_l2: null,
      current_l3: null,
    });
    await meterValuesRepository(shared.db).insert([
      reading(gone.id, null),
      reading(kept.id, null),
      reading(gone.id, session.id),
    ]);
    await shared.db.deleteFrom('chargers').where('id', '=', gone.id).execute();
    expect(await readingsOf(gone.id)).toEqual([]);
    expect(await readingsOf(kept.id)).toHaveLength(1);
    const ofSession = await shared.db
      .selectFrom('meter_values')
      .select(['charger_id', 'energy_wh'])
      .where('session_id', '=', session.id)
      .execute();
    expect(ofSession).toEqual([{ charger_id: null, energy_wh: 1000 }]);
  });
});
