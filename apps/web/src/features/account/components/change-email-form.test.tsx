import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sendEmailCodePath } from '../api/send-email-code';
import { updateUserPath } from '../api/update-user';
import { anAccount, openAccount, pathsOf, type } from './account-test-kit';

describe('change of e-mail', () => {
  it('wants a valid address other than the current one before mailing a code', async () => {
    const { requests } = await openAccount();
    await screen.findByTestId('account-new-email');
    fireEvent.click(screen.getByTestId('account-email-send'));
    expect(await screen.findByText('Enter the new e-mail address')).toBeTruthy();
    type('account-new-email', 'ADA@example.com');
    expect(await screen.findByText('This is already your e-mail address')).toBeTruthy();
    type('account-new-email', 'ada@');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(pathsOf(requests)).not.toContain(sendEmailCodePath);
  });

  it('mails a code to the new address, then changes the e-mail with it', async () => {
    const { requests, accountBecomes } = await openAccount();
    accountBecomes(anAccount({ email: 'ada.king@example.com' }));
    await screen.findByTestId('account-new-email');
    type('account-new-email', ' ada.king@example.com ');
    fireEvent.click(screen.getByTestId('account-email-send'));

    expect((await screen.findByTestId('account-email-sent-to')).textContent).toContain(
      'ada.king@example.com',
    );
    expect(requests.find((request) => request.path === sendEmailCodePath)?.body).toEqual({
      email: 'ada.king@example.com',
      purpose: 'changeEmail',
      language: 'en_US',
    });
    expect(screen.getByTestId('account-email-resend').textContent).toMatch(/^Send code \((60|59) s\)$/);

    type('account-email-code', 'q7');
    fireEvent.click(screen.getByTestId('account-email-submit'));
    expect(await screen.findByText('The verification code has 4 characters')).toBeTruthy();
    expect(pathsOf(requests)).not.toContain(updateUserPath);

    type('account-email-code', 'q7r8');
    fireEvent.click(screen.getByTestId('account-email-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('account-current-email').textContent).toBe(
        'Your e-mail: ada.king@example.com',
      ),
    );
    expect(requests.find((request) => request.path === updateUserPath)?.body).toEqual({
      newEmail: 'ada.king@example.com',
      emailCode: 'Q7R8',
    });
    expect(screen.getByTestId('toast').textContent).toBe('E-mail updated');
    expect(screen.getByTestId<HTMLInputElement>('account-new-email').value).toBe('');
  });
});
