import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createTestDatabase } from '../../../test/helpers.ts';

// Migration 0190 turns the rows of a message log written a frame a row into one row per exchange.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const exchanges = '0190_ocpp_log_exchanges.sql';

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 1 });
  // Every migration but 0190: the log as it was.
  await sql`create table schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
    db,
  );
  await sql`insert into schema_migrations (name) values (${exchanges})`.execute(db);
  await migrate(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('migration 0190', () => {
  it('pairs each CALL with its answer, keeps answers to no CALL, lone CALLs and invalid frames', async () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, 0, ms)).toISOString();
    const frames = [
      [at(0), 'in', 'call', 'a', 'BootNotification', null, '{"chargePointModel":"Eve"}'],
      [at(40), 'out', 'result', 'a', 'BootNotification', null, '{"status":"Accepted"}'],
      [at(50), 'out', 'call', 'b', 'Reset', null, '{"type":"Hard"}'],
      [at(90), 'in', 'error', 'b', 'Reset', 'NotSupported', '{"errorDescription":"","errorDetails":{}}'],
      [at(100), 'out', 'call', 'c', 'GetConfiguration', null, '{}'],
      [at(120), 'in', 'result', 'x', null, null, '{"status":"Accepted"}'],
      [at(130), 'in', 'invalid', '', null, null, '{"text":"not json"}'],
    ] as const;
    for (const [time, direction, kind, messageId, action, errorCode, payload] of frames) {
      await sql`insert into ocpp_messages (charger_id, at, direction, kind, message_id, action, error_code, payload)
        values (1, ${time}, ${direction}, ${kind}, ${messageId}, ${action}, ${errorCode}, ${payload}::json)`.execute(
        db,
      );
    }
    // An answer of another charger with the id of charger 1's lone CALL: not paired across chargers.
    await sql`insert into ocpp_messages (charger_id, at, direction, kind, message_id, action, error_code, payload)
      values (2, ${at(45)}, 'out', 'result', 'c', null, null, '{}')`.execute(db);
    await sql`delete from schema_migrations where name = ${exchanges}`.execute(db);
    expect(await migrate(db)).toEqual([exchanges]);

    const rows = await db
      .selectFrom('ocpp_messages')
      .select([
        'charger_id',
        'at',
        'answered_at',
        'direction',
        'kind',
        'message_id',
        'action',
        'error_code',
        'payload',
        'answer',
      ])
      .orderBy('charger_id')
      .orderBy('at')
      .execute();
    expect(
      rows.map((r) => [
        r.charger_id,
        r.at.toISOString(),
        r.answered_at?.toISOString() ?? null,
        r.direction,
        r.kind,
        r.message_id,
        r.action,
        r.error_code,
        r.payload,
        r.answer,
      ]),
    ).toEqual([
      [
        1,
        at(0),
        at(40),
        'in',
        'result',
        'a',
        'BootNotification',
        null,
        { chargePointModel: 'Eve' },
        { status: 'Accepted' },
      ],
      [
        1,
        at(50),
        at(90),
        'out',
        'error',
        'b',
        'Reset',
        'NotSupported',
        { type: 'Hard' },
        { errorDescription: '', errorDetails: {} },
      ],
      [1, at(100), null, 'out', 'unanswered', 'c', 'GetConfiguration', null, {}, null],
      [1, at(120), at(120), 'out', 'result', 'x', null, null, null, { status: 'Accepted' }],
      [1, at(130), null, 'in', 'invalid', '', null, null, { text: 'not json' }, null],
      [2, at(45), at(45), 'in', 'result', 'c', null, null, null, {}],
    ]);
  });
});
