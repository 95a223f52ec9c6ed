import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultGroupUndeletableMessage,
  groupHasCardsMessage,
  groupMissingMessage,
  groupNameTakenMessage,
} from '@plugboard/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { aCard, aGroup, cardCall, groupCall, recycle } from './cards.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function anOperator() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const groups = async () => (await as(groupCall('list'), {})).data.list;
  return { ...op, as, groups };
}

describe('the card groups of a site', () => {
  it('start with one default group, "Default" at 100 %, made on first use', async () => {
    const op = await anOperator();
    const [first, ...others] = await op.groups();
    expect(first).toMatchObject({ name: 'Default', isDefault: true, multiplier: 100, cardCount: 0 });
    expect(others).toEqual([]);
    expect((await op.groups()).map((g) => g.id)).toEqual([first!.id]);
  });

  it('get exactly one default group when first used by several calls at once', async () => {
    const op = await anOperator();
    await Promise.all(Array.from({ length: 6 }, () => op.groups()));
    const defaults = await t.db
      .selectFrom('card_groups')
      .select('id')
      .where('station_id', '=', op.stationId)
      .execute();
    expect(defaults).toHaveLength(1);
  });

  it('are listed default first, then by name, with their active cards counted', async () => {
    const op = await anOperator();
    const staff = await op.as(groupCall('add'), { name: 'staff', multiplier: 80.5 });
    expect(staff).toMatchObject({ status: 200, data: { name: 'staff', isDefault: false, multiplier: 80.5 } });
    await op.as(groupCall('add'), { name: 'Guests', multiplier: 0 });
    await aCard(t.db, op.stationId, { groupId: staff.data.id });
    const recycled = await aCard(t.db, op.stationId, { groupId: staff.data.id });
    await recycle(t.db, op.stationId, recycled.id);

    expect((await op.groups()).map((g) => [g.name, g.multiplier, g.cardCount])).toEqual([
      ['Default', 100, 0],
      ['Guests', 0, 0],
      ['staff', 80.5, 1],
    ]);
  });
});

describe('cardGroup/add', () => {
  it('refuses a name another group of the site has, whatever its case (1039)', async () => {
    const op = await anOperator();
    await op.as(groupCall('add'), { name: 'Staff', multiplier: 80 });
    const taken = await op.as(groupCall('add'), { name: ' STAFF ', multiplier: 50 });
    expect(taken).toEqual({ status: 1039, msg: groupNameTakenMessage, data: null });
    const other = await anOperator();
    expect((await other.as(groupCall('add'), { name: 'Staff', multiplier: 80 })).status).toBe(200);
  });

  it.each([[-1], [100.01], [101], [12.345], [null]])(
    'refuses the multiplier %s (4129)',
    async (multiplier) => {
      const op = await anOperator();
      const answer = await op.as(groupCall('add'), { name: 'Odd', multiplier });
      expect(answer.status).toBe(4129);
      expect(await op.groups()).toHaveLength(1);
    },
  );

  it('refuses an empty name (4129)', async () => {
    const op = await anOperator();
    expect((await op.as(groupCall('add'), { name: '  ', multiplier: 50 })).status).toBe(4129);
  });
});

describe('cardGroup/update', () => {
  it('renames and re-prices a group', async () => {
    const op = await anOperator();
    const group = await aGroup(t.db, op.stationId, { name: 'Staff', multiplier: 80 });
    const answer = await op.as(groupCall('update'), { id: group.id, name: 'Crew', multiplier: 75.25 });
    expect(answer.data).toMatchObject({ id: group.id, name: 'Crew', multiplier: 75.25, isDefault: false });
    const renamedToItself = await op.as(groupCall('update'), { id: group.id, name: 'CREW' });
    expect(renamedToItself.data.name).toBe('CREW');
  });

  it('refuses the name of another group of the site (1039)', async () => {
    const op = await anOperator();
    await aGroup(t.db, op.stationId, { name: 'Staff' });
    const guests = await aGroup(t.db, op.stationId, { name: 'Guests' });
    expect(await op.as(groupCall('update'), { id: guests.id, name: 'staff' })).toEqual({
      status: 1039,
      msg: groupNameTakenMessage,
      data: null,
    });
  });

  it('makes a group the default: the old one stops being it, and new cards go to the new one', async () => {
    const op = await anOperator();
    const staff = await aGroup(t.db, op.stationId, { name: 'Staff' });
    const answer = await op.as(groupCall('update'), { id: staff.id, isDefault: true });
    expect(answer.data).toMatchObject({ isDefault: true });
    expect((await op.groups()).map((g) => [g.name, g.isDefault])).toEqual([
      ['Staff', true],
      ['Default', false],
    ]);
    expect((await op.as(cardCall('add'), { cardId: 'NEWCARD1' })).data.groupName).toBe('Staff');
  });

  it("answers another site's group like a missing one (1039)", async () => {
    const op = await anOperator();
    const other = await anOperator();
    const theirs = await aGroup(t.db, other.stationId, { name: 'Theirs' });
    const answer = await op.as(groupCall('update'), { id: theirs.id, name: 'Mine now' });
    expect(answer).toEqual({ status: 1039, msg: groupMissingMessage, data: null });
    expect((await other.groups()).map((g) => g.name)).toContain('Theirs');
  });
});

describe('cardGroup/delete', () => {
  it('deletes a group without cards', async () => {
    const op = await anOperator();
    const empty = await aGroup(t.db, op.stationId);
    expect((await op.as(groupCall('delete'), { id: empty.id })).status).toBe(200);
    expect((await op.groups()).map((g) => g.id)).not.toContain(empty.id);
  });

  it('refuses to delete the default group (1039)', async () => {
    const op = await anOperator();
    const [defaultGroup] = await op.groups();
    expect(await op.as(groupCall('delete'), { id: defaultGroup!.id })).toEqual({
      status: 1039,
      msg: defaultGroupUndeletableMessage,
      data: null,
    });
  });

  it('asks where the cards go when the group has any, recycled ones included (1039)', async () => {
    const op = await anOperator();
    const group = await aGroup(t.db, op.stationId);
    const card = await aCard(t.db, op.stationId, { groupId: group.id });
    await recycle(t.db, op.stationId, card.id);
    expect(await op.as(groupCall('delete'), { id: group.id })).toEqual({
      status: 1039,
      msg: groupHasCardsMessage,
      data: null,
    });
    expect(await op.as(groupCall('delete'), { id: group.id, moveCardsTo: group.id })).toMatchObject({
      status: 1039,
    });
    expect((await op.groups()).map((g) => g.id)).toContain(group.id);
  });

  it('moves the cards, active and recycled, to the group named, then deletes', async () => {
    const op = await anOperator();
    const from = await aGroup(t.db, op.stationId, { name: 'From' });
    const to = await aGroup(t.db, op.stationId, { name: 'To' });
    const active = await aCard(t.db, op.stationId, { groupId: from.id });
    const recycled = await aCard(t.db, op.stationId, { groupId: from.id });
    await recycle(t.db, op.stationId, recycled.id);

    expect((await op.as(groupCall('delete'), { id: from.id, moveCardsTo: to.id })).status).toBe(200);
    const all = [
      ...(await op.as(cardCall('list'), {})).data.list,
      ...(await op.as(cardCall('list'), { status: 'recycled' })).data.list,
    ];
    expect(all.map((c) => [c.id, c.groupName])).toEqual([
      [active.id, 'To'],
      [recycled.id, 'To'],
    ]);
  });

  it("refuses to move the cards to another site's group, changing nothing (1039)", async () => {
    const op = await anOperator();
    const other = await anOperator();
    const group = await aGroup(t.db, op.stationId);
    await aCard(t.db, op.stationId, { groupId: group.id });
    const theirs = await aGroup(t.db, other.stationId);
    expect(await op.as(groupCall('delete'), { id: group.id, moveCardsTo: theirs.id })).toEqual({
      status: 1039,
      msg: groupMissingMessage,
      data: null,
    });
    expect((await op.groups()).find((g) => g.id === group.id)?.cardCount).toBe(1);
    expect((await other.groups()).find((g) => g.id === theirs.id)?.cardCount).toBe(0);
  });
});
