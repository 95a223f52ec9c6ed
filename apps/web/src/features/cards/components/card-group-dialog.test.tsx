import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { groupNameTakenMessage } from '@plugboard/contract';
import { changeLanguage } from '../../../lib/i18n';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { addCardGroupPath } from '../api/add-card-group';
import { aGroup, bodiesOf, renderWithHosts } from '../testing';
import { CardGroupDialog } from './card-group-dialog';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const helper = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;

function openDialog(answers: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(answers);
  const onSaved = vi.fn();
  renderWithHosts(<CardGroupDialog onClose={vi.fn()} onSaved={onSaved} />);
  return { ...server, onSaved };
}

describe('card group dialog', () => {
  it('previews the multiplier as what the cards pay and as a discount', () => {
    openDialog();
    expect(screen.queryByTestId('card-group-preview')).toBeNull();
    type('card-group-multiplier', '80');
    expect(screen.getByTestId('card-group-preview').textContent).toBe(
      'Cards in this group pay 80 % of the tariff (20 % off)',
    );
    type('card-group-multiplier', '100');
    expect(screen.getByTestId('card-group-preview').textContent).toBe(
      'Cards in this group pay the full tariff (100 %)',
    );
  });

  it('refuses a multiplier outside 0 to 100 or with 3 decimals, without a request', async () => {
    const { requests } = openDialog();
    type('card-group-name', 'Staff');
    type('card-group-multiplier', '101');
    fireEvent.click(screen.getByTestId('card-group-submit'));
    expect(helper('card-group-multiplier')).toBe('Enter a value from 0 to 100');
    type('card-group-multiplier', '80.125');
    expect(helper('card-group-multiplier')).toBe('Use at most 2 decimals');
    expect(screen.queryByTestId('card-group-preview')).toBeNull();
    type('card-group-name', '');
    expect(helper('card-group-name')).toBe('Enter the group name');
    await Promise.resolve();
    expect(requests).toHaveLength(0);
  });

  it('shows the discount in the chosen language', async () => {
    await changeLanguage('de_DE');
    openDialog();
    type('card-group-multiplier', '87,5');
    expect(screen.getByTestId('card-group-preview').textContent).toBe(
      'Karten dieser Gruppe zahlen 87,5 % des Tarifs (12,5 % Rabatt)',
    );
  });

  it('adds the group, and shows a name already used on the field', async () => {
    const { requests, onSaved } = openDialog({
      [addCardGroupPath]: envelope(1039, groupNameTakenMessage),
    });
    type('card-group-name', ' Staff ');
    type('card-group-multiplier', '80');
    fireEvent.click(screen.getByTestId('card-group-submit'));
    await waitFor(() => expect(helper('card-group-name')).toBe('A group with this name already exists'));
    expect(bodiesOf(requests, addCardGroupPath)).toEqual([{ stationId: 7, name: 'Staff', multiplier: 80 }]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('hands the added group on', async () => {
    const added = aGroup({ name: 'Staff', multiplier: 80 });
    const { onSaved } = openDialog({ [addCardGroupPath]: envelope(200, 'success', added) });
    type('card-group-name', 'Staff');
    type('card-group-multiplier', '80');
    fireEvent.click(screen.getByTestId('card-group-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(added));
  });
});
