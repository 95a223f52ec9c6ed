import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/storage';
import { deleteAccountPath } from '../api/delete-account';
import { openAccount, pathsOf } from './account-test-kit';

describe('account deletion', () => {
  it('asks first, saying what goes, and does nothing on Cancel', async () => {
    const { requests } = await openAccount();
    fireEvent.click(await screen.findByTestId('account-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'This is irreversible.\nYour devices, RFID cards, charging data, account information, profile picture and ' +
        'password information will be removed.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(pathsOf(requests)).not.toContain(deleteAccountPath);
  });

  it('deletes the account, ends the session and goes to /login', async () => {
    const { requests, router } = await openAccount();
    fireEvent.click(await screen.findByTestId('account-delete'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(pathsOf(requests).filter((path) => path === deleteAccountPath)).toHaveLength(1);
    expect(screen.getByTestId('toast').textContent).toBe('Your account has been deleted');
  });
});
