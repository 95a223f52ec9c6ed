import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { aCard, aGroup, cardCall, recycle } from './cards.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function anOperator() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const importRows = async (rows: Record<string, unknown>[], dryRun = false) =>
    as(cardCall('import'), { rows, dryRun });
  const total = async () => (await as(cardCall('list'), {})).data.total;
  return { ...op, as, importRows, total };
}

/** `count` good rows: card IDs IMP00001..., holders, e-mails, some in the group named. */
const goodRows = (count: number, group = '') =>
  Array.from({ length: count }, (_, i) => ({
    cardId: `IMP${String(i + 1).padStart(5, '0')}`,
    holder: `Holder ${i + 1}`,
    group: i % 2 === 0 ? group : '',
    email: `driver${i + 1}@example.com`,
    subscribeReport: i % 3 === 0,
  }));

describe('card/import', () => {
  it('reports exactly the 3 bad rows of 1,000 and imports nothing; once fixed, imports all 1,000', async () => {
    const op = await anOperator();
    await aGroup(t.db, op.stationId, { name: 'Staff' });
    const rows = goodRows(1000, 'staff');
    const fixed = rows.map((r) => ({ ...r }));
    rows[99] = { ...rows[99]!, cardId: 'BAD ID' };
    rows[499] = { ...rows[499]!, group: 'Nobody' };
    rows[999] = { ...rows[999]!, email: '', subscribeReport: true };

    const refused = await op.importRows(rows);
    expect(refused).toEqual({
      status: 200,
      msg: 'success',
      data: {
        total: 1000,
        imported: 0,
        errors: [
          { row: 100, field: 'cardId', reason: 'format' },
          { row: 500, field: 'group', reason: 'unknownGroup' },
          { row: 1000, field: 'email', reason: 'emailNeeded' },
        ],
      },
    });
    expect(await op.total()).toBe(0);

    const imported = await op.importRows(fixed);
    expect(imported.data).toEqual({ total: 1000, imported: 1000, errors: [] });
    expect(await op.total()).toBe(1000);
    const staff = await op.as(cardCall('list'), { keyword: 'IMP00001', pageSize: 1 });
    expect(staff.data.list[0]).toMatchObject({
      cardId: 'IMP00001',
      holder: 'Holder 1',
      groupName: 'Staff',
      email: 'driver1@example.com',
      subscribeReport: true,
    });
  });

  it('only checks on a dry run, writing nothing', async () => {
    const op = await anOperator();
    expect((await op.importRows(goodRows(5), true)).data).toEqual({ total: 5, imported: 0, errors: [] });
    expect(await op.total()).toBe(0);
  });

  it('names every reason a row can fail, one per field, in row order', async () => {
    const op = await anOperator();
    await aCard(t.db, op.stationId, { cardId: 'HAVE0001' });
    const recycled = await aCard(t.db, op.stationId, { cardId: 'GONE0001' });
    await recycle(t.db, op.stationId, recycled.id);
    const answer = await op.importRows([
      { cardId: '' },
      { cardId: 'X'.repeat(21), holder: 'H'.repeat(101) },
      { cardId: 'OK000001', email: 'nope' },
      { cardId: 'ok000001' },
      { cardId: 'have0001' },
      { cardId: 'GONE0001' },
      { cardId: 'OK000002', group: 'Nobody', subscribeReport: true },
    ]);
    expect(answer.data.errors).toEqual([
      { row: 1, field: 'cardId', reason: 'required' },
      { row: 2, field: 'cardId', reason: 'tooLong' },
      { row: 2, field: 'holder', reason: 'tooLong' },
      { row: 3, field: 'email', reason: 'format' },
      { row: 4, field: 'cardId', reason: 'duplicateInFile' },
      { row: 5, field: 'cardId', reason: 'exists' },
      { row: 6, field: 'cardId', reason: 'exists' },
      { row: 7, field: 'group', reason: 'unknownGroup' },
      { row: 7, field: 'email', reason: 'emailNeeded' },
    ]);
    expect(await op.total()).toBe(1);
  });

  it("checks card IDs against the caller's site only", async () => {
    const op = await anOperator();
    const other = await anOperator();
    await aCard(t.db, other.stationId, { cardId: 'SHARED01' });
    await aGroup(t.db, other.stationId, { name: 'Theirs' });
    const answer = await op.importRows([{ cardId: 'SHARED01' }, { cardId: 'SHARED02', group: 'Theirs' }]);
    expect(answer.data.errors).toEqual([{ row: 2, field: 'group', reason: 'unknownGroup' }]);
    expect((await op.importRows([{ cardId: 'SHARED01' }])).data.imported).toBe(1);
  });

  it('refuses a file of more than 10,000 rows, or none (4129)', async () => {
    const op = await anOperator();
    expect((await op.importRows([])).status).toBe(4129);
    expect((await op.importRows(goodRows(10_001))).status).toBe(4129);
  });
});
