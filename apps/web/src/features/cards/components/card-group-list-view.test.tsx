import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { onAPhone } from '../../../testing/on-a-phone';
import { deleteCardGroupPath } from '../api/delete-card-group';
import { cardGroupsPath } from '../api/get-card-groups';
import { updateCardGroupPath } from '../api/update-card-group';
import { aGroup, bodiesOf, defaultGroup, renderWithHosts } from '../testing';
import { CardGroupListView } from './card-group-list-view';

const staff = aGroup({ id: 2, name: 'Staff', multiplier: 80, cardCount: 3 });
const guests = aGroup({ id: 3, name: 'Guests', multiplier: 87.5, cardCount: 0 });

function showGroups(groups = [defaultGroup, staff, guests]) {
  const server = fakeServer({ [cardGroupsPath]: envelope(200, 'success', { list: groups }) });
  renderWithHosts(<CardGroupListView />, '/cardGroup');
  return server;
}

describe('card groups screen', () => {
  it('shows each multiplier as a percentage and a discount, and marks the default group', async () => {
    showGroups();
    await screen.findByTestId('card-group-row-Staff');
    expect(screen.getByTestId('card-group-multiplier-Staff').textContent).toBe('80 %');
    expect(screen.getByTestId('card-group-discount-Staff').textContent).toBe('20 % off');
    expect(screen.getByTestId('card-group-discount-Guests').textContent).toBe('12.5 % off');
    expect(screen.getByTestId('card-group-discount-Default').textContent).toBe('No discount');
    expect(screen.getByTestId('card-group-count-Staff').textContent).toBe('3');
    expect(
      within(screen.getByTestId('card-group-row-Default')).getByTestId('card-group-default'),
    ).toBeTruthy();
    expect(screen.getByTestId('cards-nav-groups').getAttribute('aria-selected')).toBe('true');
  });

  it('shows each group as a card on a phone: name, actions, and the multiplier, discount and cards below', async () => {
    onAPhone();
    const { requests } = showGroups();
    const row = await screen.findByTestId('card-group-row-Staff');
    expect(row.tagName).not.toBe('TR');
    expect(row.textContent).toBe('StaffTariff rate multiplier 80 % · 20 % off · Active cards 3');
    expect(
      within(screen.getByTestId('card-group-row-Default')).getByTestId('card-group-default'),
    ).toBeTruthy();
    expect(screen.getByTestId('card-group-delete-Default')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('card-group-makeDefault-Staff'));
    await waitFor(() => expect(bodiesOf(requests, updateCardGroupPath)).toHaveLength(1));
  });

  it('cannot delete the default group', async () => {
    showGroups();
    const button = await screen.findByTestId('card-group-delete-Default');
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('card-group-makeDefault-Default')).toBeNull();
  });

  it('asks which group receives the cards of a group with cards, the default group first', async () => {
    const server = showGroups();
    fireEvent.click(await screen.findByTestId('card-group-delete-Staff'));
    const dialog = await screen.findByTestId('card-group-delete-dialog');
    expect(dialog.textContent).toContain('The group Staff has 3 cards. Choose the group that receives them.');
    const receiver = screen.getByTestId<HTMLSelectElement>('card-group-delete-receiver');
    expect(receiver.value).toBe(String(defaultGroup.id));
    expect([...receiver.options].map((option) => option.text)).toEqual(['Default', 'Guests']);
    fireEvent.change(receiver, { target: { value: String(guests.id) } });
    fireEvent.click(screen.getByTestId('card-group-delete-submit'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Group Staff deleted'));
    expect(bodiesOf(server.requests, deleteCardGroupPath)).toEqual([
      { stationId: 7, id: staff.id, moveCardsTo: guests.id },
    ]);
  });

  it('makes another group the default', async () => {
    const server = showGroups();
    fireEvent.click(await screen.findByTestId('card-group-makeDefault-Staff'));
    await waitFor(() =>
      expect(screen.getByTestId('toast').textContent).toBe('Staff is now the default group'),
    );
    expect(bodiesOf(server.requests, updateCardGroupPath)).toEqual([
      { stationId: 7, id: staff.id, isDefault: true },
    ]);
  });
});
