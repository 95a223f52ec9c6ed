import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { updateUserPath } from '../api/update-user';
import { anAccount, openAccount, pathsOf, type } from './account-test-kit';

describe('account profile', () => {
  it('shows the account as stored', async () => {
    await openAccount();
    expect((await screen.findByTestId<HTMLInputElement>('account-profile-name')).value).toBe('Ada');
    expect(screen.getByTestId<HTMLInputElement>('account-profile-company-name').value).toBe(
      'Analytical Engines Ltd',
    );
    expect(screen.getByTestId<HTMLInputElement>('account-profile-vat').value).toBe('GB123');
    expect(screen.getByTestId('account-current-email').textContent).toBe('Your e-mail: ada@example.com');
  });

  it('requires the company name and address before saving', async () => {
    const { requests } = await openAccount();
    await screen.findByTestId('account-profile-name');
    type('account-profile-company-name', '  ');
    type('account-profile-company-address', '');
    fireEvent.click(screen.getByTestId('account-save'));
    expect(await screen.findByText('Enter the company name')).toBeTruthy();
    expect(screen.getByText('Enter the company address')).toBeTruthy();
    expect(pathsOf(requests)).not.toContain(updateUserPath);
  });

  it('saves and shows the new name in the top bar at once', async () => {
    const updated = anAccount({ name: 'Ada King', vatNumber: '' });
    const { requests, accountBecomes } = await openAccount();
    accountBecomes(updated);
    type('account-profile-name', ' Ada King ');
    type('account-profile-vat', '');
    fireEvent.click(screen.getByTestId('account-save'));

    expect((await screen.findByTestId('toast')).textContent).toBe('Profile saved');
    expect(requests.find((request) => request.path === updateUserPath)?.body).toEqual({
      name: 'Ada King',
      companyName: 'Analytical Engines Ltd',
      companyAddress: '1 Engine Street',
      vatNumber: '',
    });
    fireEvent.click(screen.getByTestId('avatar-button'));
    const menu = await screen.findByTestId('account-menu');
    await waitFor(() => expect(within(menu).getByTestId('account-name').textContent).toBe('Ada King'));
  });
});
