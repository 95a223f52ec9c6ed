import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardIdRecycledMessage,
  cardMissingMessage,
  groupMissingMessage,
  reportNeedsEmailMessage,
} from '@plugboard/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { aCard, aCardId, aGroup, cardCall, recycle } from './cards.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function anOperator() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const list = async (query: Record<string, unknown> = {}) =>
    (await as(cardCall('list'), { pageSize: 100, ...query })).data;
  return { ...op, as, list };
}

describe('card/add', () => {
  it("adds a card to the site's default group and lists it", async () => {
    const op = await anOperator();
    const answer = await op.as(cardCall('add'), {
      cardId: ' A1B2C3D4 ',
      holder: 'Jan de Vries',
      email: 'jan@example.com',
      subscribeReport: true,
    });
    expect(answer).toMatchObject({
      status: 200,
      data: {
        cardId: 'A1B2C3D4',
        holder: 'Jan de Vries',
        groupName: 'Default',
        email: 'jan@example.com',
        subscribeReport: true,
        status: 'active',
        recycledAt: null,
      },
    });
    expect((await op.list()).list).toEqual([answer.data]);
  });

  it('refuses a card ID already used in the site, whatever its case (11001)', async () => {
    const op = await anOperator();
    await aCard(t.db, op.stationId, { cardId: 'ABCD1234' });
    expect(await op.as(cardCall('add'), { cardId: 'abcd1234' })).toEqual({
      status: 11001,
      msg: 'The card ID already exists',
      data: null,
    });
    const other = await anOperator();
    expect((await other.as(cardCall('add'), { cardId: 'ABCD1234' })).status).toBe(200);
  });

  it('refuses the card ID of a recycled card, saying so (11001)', async () => {
    const op = await anOperator();
    const card = await aCard(t.db, op.stationId);
    await recycle(t.db, op.stationId, card.id);
    expect(await op.as(cardCall('add'), { cardId: card.cardId })).toEqual({
      status: 11001,
      msg: cardIdRecycledMessage,
      data: null,
    });
  });

  it('accepts an OCPP id tag of up to 20 characters and refuses longer or odd ones (4129)', async () => {
    const op = await anOperator();
    expect((await op.as(cardCall('add'), { cardId: 'A'.repeat(20) })).status).toBe(200);
    for (const cardId of ['B'.repeat(21), 'AB CD', 'ÄBC', '']) {
      expect((await op.as(cardCall('add'), { cardId })).status, cardId).toBe(4129);
    }
  });

  it('refuses an invalid e-mail, and a report subscription without an e-mail (4129)', async () => {
    const op = await anOperator();
    expect((await op.as(cardCall('add'), { cardId: aCardId(), email: 'not-an-address' })).status).toBe(4129);
    expect(await op.as(cardCall('add'), { cardId: aCardId(), subscribeReport: true })).toEqual({
      status: 4129,
      msg: reportNeedsEmailMessage,
      data: null,
    });
    expect((await op.list()).total).toBe(0);
  });

  it("adds to a group of the site, and refuses another site's group like a missing one (1039)", async () => {
    const op = await anOperator();
    const staff = await aGroup(t.db, op.stationId, { name: 'Staff' });
    expect((await op.as(cardCall('add'), { cardId: aCardId(), groupId: staff.id })).data.groupName).toBe(
      'Staff',
    );
    const other = await anOperator();
    const theirs = await aGroup(t.db, other.stationId);
    expect(await op.as(cardCall('add'), { cardId: aCardId(), groupId: theirs.id })).toEqual({
      status: 1039,
      msg: groupMissingMessage,
      data: null,
    });
  });
});

describe('card/update', () => {
  it('changes the fields given and keeps the others', async () => {
    const op = await anOperator();
    const card = await aCard(t.db, op.stationId, { holder: 'Jan', email: 'jan@example.com' });
    const staff = await aGroup(t.db, op.stationId, { name: 'Staff' });
    const answer = await op.as(cardCall('update'), {
      id: card.id,
      holder: 'Piet',
      groupId: staff.id,
      subscribeReport: true,
    });
    expect(answer.data).toEqual({
      ...card,
      holder: 'Piet',
      groupId: staff.id,
      groupName: 'Staff',
      subscribeReport: true,
    });
  });

  it('refuses a card ID another card of the site has (11001), and its own in another case is fine', async () => {
    const op = await anOperator();
    const first = await aCard(t.db, op.stationId);
    const second = await aCard(t.db, op.stationId);
    expect((await op.as(cardCall('update'), { id: second.id, cardId: first.cardId })).status).toBe(11001);
    const renamed = await op.as(cardCall('update'), { id: second.id, cardId: second.cardId.toLowerCase() });
    expect(renamed.data.cardId).toBe(second.cardId.toLowerCase());
  });

  it('refuses to drop the e-mail of a subscribed card (4129)', async () => {
    const op = await anOperator();
    const card = await aCard(t.db, op.stationId, { email: 'jan@example.com', subscribeReport: true });
    expect((await op.as(cardCall('update'), { id: card.id, email: '' })).msg).toBe(reportNeedsEmailMessage);
    expect((await op.as(cardCall('update'), { id: card.id, email: '', subscribeReport: false })).status).toBe(
      200,
    );
  });

  it("answers another site's card like a missing one (1039), changing nothing", async () => {
    const op = await anOperator();
    const other = await anOperator();
    const theirs = await aCard(t.db, other.stationId, { holder: 'Theirs' });
    expect(await op.as(cardCall('update'), { id: theirs.id, holder: 'Mine' })).toEqual({
      status: 1039,
      msg: cardMissingMessage,
      data: null,
    });
    expect((await other.list()).list[0]?.holder).toBe('Theirs');
  });
});

describe('card/list and card/export', () => {
  it('finds cards by part of the card ID, holder or e-mail, case-insensitively, and by group', async () => {
    const op = await anOperator();
    const staff = await aGroup(t.db, op.stationId, { name: 'Staff' });
    await aCard(t.db, op.stationId, { cardId: 'AAA111', holder: 'Anna Smit' });
    await aCard(t.db, op.stationId, { cardId: 'BBB222', holder: 'Bob', email: 'bob@smit.example' });
    await aCard(t.db, op.stationId, { cardId: 'CCC333', holder: 'Cor', groupId: staff.id });
    const ids = async (query: Record<string, unknown>) => (await op.list(query)).list.map((c) => c.cardId);

    expect(await ids({ keyword: 'SMIT' })).toEqual(['AAA111', 'BBB222']);
    expect(await ids({ keyword: 'b2' })).toEqual(['BBB222']);
    expect(await ids({ keyword: '%' })).toEqual([]);
    expect(await ids({ groupId: staff.id })).toEqual(['CCC333']);
  });

  it('pages by card ID and counts the whole filter', async () => {
    const op = await anOperator();
    for (const cardId of ['K05', 'k03', 'K01', 'K04', 'K02']) await aCard(t.db, op.stationId, { cardId });
    const page = await op.as(cardCall('list'), { pageNum: 2, pageSize: 2 });
    expect(page.data).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(page.data.list.map((c) => c.cardId)).toEqual(['k03', 'K04']);
  });

  it('exports every card of the filter, beyond one page', async () => {
    const op = await anOperator();
    const rows = Array.from({ length: 150 }, (_, i) => ({ cardId: `EXP${String(i).padStart(3, '0')}` }));
    expect((await op.as(cardCall('import'), { rows })).data.imported).toBe(150);
    const exported = await op.as(cardCall('export'), { keyword: 'EXP' });
    expect(exported.data.list).toHaveLength(150);
    expect(exported.data.list[149]?.cardId).toBe('EXP149');
    expect((await op.as(cardCall('export'), { status: 'recycled' })).data.list).toEqual([]);
  });
});

describe('card/recycle and card/restore', () => {
  it('lists recycled cards apart, and restores them', async () => {
    const op = await anOperator();
    const [a, b, c] = [
      await aCard(t.db, op.stationId),
      await aCard(t.db, op.stationId),
      await aCard(t.db, op.stationId),
    ];
    expect((await op.as(cardCall('recycle'), { ids: [a.id, b.id] })).status).toBe(200);
    expect((await op.list()).list.map((x) => x.id)).toEqual([c.id]);
    const recycled = (await op.list({ status: 'recycled' })).list;
    expect(recycled.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(recycled.every((x) => x.status === 'recycled' && x.recycledAt !== null)).toBe(true);

    expect((await op.as(cardCall('restore'), { ids: [b.id] })).status).toBe(200);
    expect((await op.list()).list.map((x) => x.id).sort()).toEqual([b.id, c.id].sort());
    expect((await op.list()).list.find((x) => x.id === b.id)?.recycledAt).toBeNull();
  });

  it("changes nothing when the selection holds another site's card or a missing one (1039)", async () => {
    const op = await anOperator();
    const other = await anOperator();
    const mine = await aCard(t.db, op.stationId);
    const theirs = await aCard(t.db, other.stationId);
    for (const id of [theirs.id, 2 ** 40]) {
      expect(await op.as(cardCall('recycle'), { ids: [mine.id, id] })).toEqual({
        status: 1039,
        msg: cardMissingMessage,
        data: null,
      });
    }
    expect((await op.list()).total).toBe(1);
    expect((await other.list()).total).toBe(1);
  });
});

describe('card/group/change', () => {
  it('moves a selection of cards to another group of the site', async () => {
    const op = await anOperator();
    const staff = await aGroup(t.db, op.stationId, { name: 'Staff' });
    const [a, b, c] = [
      await aCard(t.db, op.stationId),
      await aCard(t.db, op.stationId),
      await aCard(t.db, op.stationId),
    ];
    expect((await op.as(cardCall('group/change'), { ids: [a.id, c.id], groupId: staff.id })).status).toBe(
      200,
    );
    const groups = Object.fromEntries((await op.list()).list.map((x) => [x.id, x.groupName]));
    expect(groups).toEqual({ [a.id]: 'Staff', [b.id]: 'Default', [c.id]: 'Staff' });
  });

  it("refuses another site's group or card (1039), moving nothing", async () => {
    const op = await anOperator();
    const other = await anOperator();
    const mine = await aCard(t.db, op.stationId);
    const theirs = await aCard(t.db, other.stationId);
    const theirGroup = await aGroup(t.db, other.stationId);
    const myGroup = await aGroup(t.db, op.stationId);
    expect((await op.as(cardCall('group/change'), { ids: [mine.id], groupId: theirGroup.id })).msg).toBe(
      groupMissingMessage,
    );
    expect(
      (await op.as(cardCall('group/change'), { ids: [mine.id, theirs.id], groupId: myGroup.id })).msg,
    ).toBe(cardMissingMessage);
    expect((await op.list()).list[0]?.groupName).toBe('Default');
    expect((await other.list()).list[0]?.groupName).toBe('Default');
  });
});
