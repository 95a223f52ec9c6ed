import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { onAPhone } from '../../../testing/on-a-phone';
import { changeCardGroupPath } from '../api/change-card-group';
import { cardGroupsPath } from '../api/get-card-groups';
import { cardsPath } from '../api/get-cards';
import { recycleCardsPath } from '../api/recycle-cards';
import { restoreCardsPath } from '../api/restore-cards';
import { aCard, aGroup, aPage, bodiesOf, defaultGroup, renderWithHosts } from '../testing';
import { CardListView } from './card-list-view';

const staff = aGroup({ id: 2, name: 'Staff', multiplier: 80 });
const ann = aCard({ id: 11, cardId: 'ANN1', holder: 'Ann', email: 'ann@example.com', subscribeReport: true });
const bo = aCard({ id: 12, cardId: 'BO2', holder: 'Bo' });

function showCards(list = [ann, bo], path = '/card/list') {
  const server = fakeServer({
    [cardsPath]: envelope(200, 'success', aPage(list)),
    [cardGroupsPath]: envelope(200, 'success', { list: [defaultGroup, staff] }),
  });
  renderWithHosts(<CardListView />, path);
  return server;
}

describe('cards screen', () => {
  it('lists the cards with their holder, group, e-mail and report subscription', async () => {
    showCards();
    const row = await screen.findByTestId('card-row-ANN1');
    expect(row.textContent).toContain('Ann');
    expect(row.textContent).toContain('ann@example.com');
    expect(row.textContent).toContain('Yes');
    expect(screen.getByTestId('card-group-ANN1').textContent).toBe('Default');
  });

  it('says so when the site has no cards yet', async () => {
    showCards([]);
    expect((await screen.findByTestId('card-list-empty')).textContent).toBe(
      'No cards yet. Add a card or import a CSV file.',
    );
  });

  it('searches, filters by group and lists recycled cards apart, on the server', async () => {
    const { requests } = showCards();
    await screen.findByTestId('card-row-ANN1');
    fireEvent.change(screen.getByTestId('card-search'), { target: { value: ' ann ' } });
    fireEvent.change(await screen.findByTestId('card-group-filter'), { target: { value: String(staff.id) } });
    fireEvent.click(screen.getByTestId('card-tab-recycled'));
    await waitFor(() =>
      expect(bodiesOf(requests, cardsPath).at(-1)).toEqual({
        stationId: 7,
        keyword: 'ann',
        groupId: staff.id,
        status: 'recycled',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('recycles a card after a confirm that says it can no longer start a charge', async () => {
    const { requests } = showCards();
    fireEvent.click(await screen.findByTestId('card-recycle-ANN1'));
    const content = await screen.findByTestId('confirm-dialog-content');
    expect(content.textContent).toContain('Card ANN1 can no longer start a charge.');
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Card ANN1 recycled'));
    expect(bodiesOf(requests, recycleCardsPath)).toEqual([{ stationId: 7, ids: [ann.id] }]);
  });

  it('keeps the card when the confirm is cancelled', async () => {
    const { requests } = showCards();
    fireEvent.click(await screen.findByTestId('card-recycle-ANN1'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(bodiesOf(requests, recycleCardsPath)).toEqual([]);
  });

  it('restores a recycled card', async () => {
    const recycled = aCard({
      id: 13,
      cardId: 'OLD3',
      status: 'recycled',
      recycledAt: '2025-03-02T09:00:00.000Z',
    });
    const { requests } = showCards([recycled], '/card/list?status=recycled');
    expect(screen.queryByTestId('card-recycle-OLD3')).toBeNull();
    fireEvent.click(await screen.findByTestId('card-restore-OLD3'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Card OLD3 restored'));
    expect(bodiesOf(requests, restoreCardsPath)).toEqual([{ stationId: 7, ids: [recycled.id] }]);
  });

  it('moves the selected cards to another group at once', async () => {
    const { requests } = showCards();
    await screen.findByTestId('card-row-BO2');
    fireEvent.click(screen.getByTestId('card-select-all'));
    expect(screen.getByTestId('card-selection-count').textContent).toBe('2 cards selected');
    fireEvent.click(screen.getByTestId('card-bulk-change-group'));
    fireEvent.change(await screen.findByTestId('card-change-group-select'), {
      target: { value: String(staff.id) },
    });
    fireEvent.click(screen.getByTestId('card-change-group-submit'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('2 cards moved to Staff'));
    expect(bodiesOf(requests, changeCardGroupPath)).toEqual([
      { stationId: 7, ids: [ann.id, bo.id], groupId: staff.id },
    ]);
    expect(screen.queryByTestId('card-selection-bar')).toBeNull();
  });

  it('shows each card as a card on a phone, with its group, holder and actions; selecting and recycling work', async () => {
    onAPhone();
    const { requests } = showCards();
    const row = await screen.findByTestId('card-row-ANN1');
    expect(row.tagName).not.toBe('TR');
    expect(row.textContent).toContain('Ann · ann@example.com');
    expect(row.textContent).toContain('Charging report: Yes');
    expect(screen.getByTestId('card-group-ANN1').textContent).toBe('Default');
    // "Select all" says what it is on the screen, not only to a screen reader.
    expect(screen.getByLabelText('Select all cards on this page')).toBe(
      screen.getByTestId('card-select-all'),
    );
    fireEvent.click(screen.getByTestId('card-select-BO2'));
    expect(screen.getByTestId('card-selection-count').textContent).toBe('1 card selected');
    fireEvent.click(screen.getByTestId('card-recycle-ANN1'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() =>
      expect(bodiesOf(requests, recycleCardsPath)).toEqual([{ stationId: 7, ids: [ann.id] }]),
    );
  });

  it('says so on a phone when the site has no cards yet', async () => {
    onAPhone();
    showCards([]);
    expect((await screen.findByTestId('card-list-empty')).textContent).toBe(
      'No cards yet. Add a card or import a CSV file.',
    );
  });
});
