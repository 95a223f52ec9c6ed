import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { openAt, type } from './auth-test-kit';
import { resetPasswordPath } from '../api/reset-password';
import { sendCodePath } from '../api/send-code';

/** Asks for a code on /forgot-password and lands on the reset screen with the e-mail filled in. */
async function forgot(email: string, answers: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(answers);
  const view = await openAt('/forgot-password');
  type('forgot-email', email);
  fireEvent.click(screen.getByTestId('forgot-submit'));
  await screen.findByTestId('reset-password-page');
  return { server, ...view };
}

describe('forgot and reset password', () => {
  it('wants a valid e-mail before mailing a code', async () => {
    const server = fakeServer();
    await openAt('/forgot-password');
    type('forgot-email', 'not-an-email');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('stays when the e-mail has no account', async () => {
    fakeServer({ [sendCodePath]: envelope(4118, 'Email does not exist') });
    const { router } = await openAt('/forgot-password');
    type('forgot-email', 'nobody@example.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Email does not exist');
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('checks code, strength and confirmation before resetting', async () => {
    const { server } = await forgot('reset-rules@example.com');
    expect(server.requests[0]?.body).toEqual({
      email: 'reset-rules@example.com',
      purpose: 'forgot',
      language: 'en_US',
    });
    expect(screen.getByTestId<HTMLInputElement>('reset-email').value).toBe('reset-rules@example.com');

    type('reset-code', 'A1');
    type('reset-password', '12345678');
    type('reset-confirm', '1234567');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('The verification code has 4 characters')).toBeTruthy();
    expect(
      screen.getByText(
        'The password needs at least 8 characters, with at least two kinds among digits, letters and symbols',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(server.requests.map((request) => request.path)).toEqual([sendCodePath]);
  });

  it('resets, then offers to log in with the e-mail filled in', async () => {
    const { server, router } = await forgot('reset-ok@example.com');
    type('reset-code', 'k3m9');
    type('reset-password', 'NewPass#1');
    type('reset-confirm', 'NewPass#1');
    fireEvent.click(screen.getByTestId('reset-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.requests.at(-1)).toMatchObject({
      path: resetPasswordPath,
      body: {
        email: 'reset-ok@example.com',
        code: 'K3M9',
        password: 'NewPass#1',
        confirmPassword: 'NewPass#1',
      },
    });
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Your password has been reset. Log in with the new password.',
    );
    expect((await screen.findByTestId<HTMLInputElement>('login-email')).value).toBe('reset-ok@example.com');
  });

  it('counts down the minute before another code may be sent', async () => {
    await forgot('reset-resend@example.com');
    const resend = screen.getByTestId<HTMLButtonElement>('reset-resend');
    expect(resend.textContent).toMatch(/^Resend code \((60|59) s\)$/);
    expect(resend.disabled).toBe(true);
  });
});
