import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CardGroup } from '@plugboard/contract';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { addCardPath } from '../api/add-card';
import { updateCardPath } from '../api/update-card';
import { aCard, aGroup, bodiesOf, defaultGroup, renderWithHosts } from '../testing';
import { CardFormDialog } from './card-form-dialog';

const staff = aGroup({ id: 2, name: 'Staff', multiplier: 80 });
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const helper = (field: string) => document.getElementById(`card-form-${field}-helper-text`)?.textContent;
const submit = () => fireEvent.click(screen.getByTestId('card-form-submit'));

function openDialog(answers: Parameters<typeof fakeServer>[0] = {}, card?: Parameters<typeof aCard>[0]) {
  const server = fakeServer(answers);
  const onSaved = vi.fn();
  renderWithHosts(
    <CardFormDialog
      card={card ? aCard(card) : undefined}
      groups={[defaultGroup, staff]}
      onClose={vi.fn()}
      onSaved={onSaved}
    />,
  );
  return { ...server, onSaved };
}

describe('card dialog', () => {
  it('starts in the default group and hints at 8 characters', () => {
    openDialog();
    expect(screen.getByTestId<HTMLSelectElement>('card-form-group').value).toBe(String(defaultGroup.id));
    expect(helper('cardId')).toBe('As printed on the card, usually at most 8 characters');
  });

  it('starts in the default group even when the groups arrive after it opened', () => {
    fakeServer();
    function GroupsLater() {
      const [groups, setGroups] = useState<CardGroup[]>([]);
      return (
        <>
          <button onClick={() => setGroups([defaultGroup, staff])}>groups arrive</button>
          <CardFormDialog groups={groups} onClose={vi.fn()} onSaved={vi.fn()} />
        </>
      );
    }
    renderWithHosts(<GroupsLater />);
    expect(screen.getByTestId<HTMLSelectElement>('card-form-group').value).toBe('');
    fireEvent.click(screen.getByText('groups arrive'));
    expect(screen.getByTestId<HTMLSelectElement>('card-form-group').value).toBe(String(defaultGroup.id));
  });

  it('explains a missing card ID, a bad e-mail and a report without e-mail before any request', async () => {
    const { requests } = openDialog();
    submit();
    expect(helper('cardId')).toBe('Enter the card ID');
    type('card-form-cardId', 'A'.repeat(21));
    type('card-form-email', 'ann@');
    expect(helper('cardId')).toBe('The card ID may have at most 20 characters');
    expect(helper('email')).toBe('Enter a valid e-mail address');
    type('card-form-email', '');
    fireEvent.click(screen.getByTestId('card-form-report'));
    expect(helper('email')).toBe('Enter an e-mail address to receive the report');
    await Promise.resolve();
    expect(requests).toHaveLength(0);
  });

  it('adds a card of up to 20 characters to the chosen group', async () => {
    const added = aCard({ cardId: 'A'.repeat(20) });
    const { requests, onSaved } = openDialog({ [addCardPath]: envelope(200, 'success', added) });
    type('card-form-cardId', ` ${'A'.repeat(20)} `);
    type('card-form-holder', 'Ann Smith');
    type('card-form-group', String(staff.id));
    type('card-form-email', 'ann@example.com');
    fireEvent.click(screen.getByTestId('card-form-report'));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(added));
    expect(bodiesOf(requests, addCardPath)).toEqual([
      {
        stationId: 7,
        cardId: 'A'.repeat(20),
        holder: 'Ann Smith',
        groupId: staff.id,
        email: 'ann@example.com',
        subscribeReport: true,
      },
    ]);
  });

  it('shows a card ID already used in the site (11001) on the field, until it changes', async () => {
    const { onSaved } = openDialog({ [addCardPath]: envelope(11001, 'The card ID already exists') });
    type('card-form-cardId', 'TAKEN1');
    submit();
    await waitFor(() => expect(helper('cardId')).toBe('Another card of this site already has this card ID'));
    expect(onSaved).not.toHaveBeenCalled();
    type('card-form-cardId', 'TAKEN2');
    expect(helper('cardId')).toBe('As printed on the card, usually at most 8 characters');
  });

  it('edits a card: its values are in the form and the update names it', async () => {
    const card = { id: 31, cardId: 'B2', holder: 'Bo', groupId: staff.id, groupName: 'Staff' };
    const { requests, onSaved } = openDialog(
      { [updateCardPath]: envelope(200, 'success', aCard(card)) },
      card,
    );
    expect(screen.getByTestId<HTMLInputElement>('card-form-cardId').value).toBe('B2');
    expect(screen.getByTestId<HTMLSelectElement>('card-form-group').value).toBe(String(staff.id));
    type('card-form-holder', 'Bo Jones');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodiesOf(requests, updateCardPath)[0]).toMatchObject({ id: 31, cardId: 'B2', holder: 'Bo Jones' });
  });
});
