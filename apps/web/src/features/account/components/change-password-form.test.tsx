import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changePasswordPath } from '../api/change-password';
import { openAccount, pathsOf, type } from './account-test-kit';

describe('change of password', () => {
  it('checks the current password, the strength and the confirmation before any request', async () => {
    const { requests } = await openAccount();
    await screen.findByTestId('account-password-new');
    type('account-password-new', 'onlyletters');
    type('account-password-confirm', 'onlyletter');
    fireEvent.click(screen.getByTestId('account-password-submit'));

    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(
      screen.getByText(
        'The password needs at least 8 characters, with at least two kinds among digits, letters and symbols',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(pathsOf(requests)).not.toContain(changePasswordPath);
  });

  it('changes the password and empties the fields', async () => {
    const { requests } = await openAccount();
    await screen.findByTestId('account-password-current');
    type('account-password-current', 'Old-pass1');
    type('account-password-new', 'New-pass2');
    type('account-password-confirm', 'New-pass2');
    fireEvent.click(screen.getByTestId('account-password-submit'));

    expect((await screen.findByTestId('toast')).textContent).toBe('Password changed');
    expect(requests.find((request) => request.path === changePasswordPath)?.body).toEqual({
      oldPassword: 'Old-pass1',
      newPassword: 'New-pass2',
      confirmPassword: 'New-pass2',
    });
    expect(screen.getByTestId<HTMLInputElement>('account-password-current').value).toBe('');
    expect(screen.queryByText('Enter your current password')).toBeNull();
  });
});
