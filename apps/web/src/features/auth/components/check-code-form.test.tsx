import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { openAt } from './auth-test-kit';
import { checkCodePath } from '../api/check-code';
import { registerPath } from '../api/register';
import { clearRegistrationDraft, getRegistrationDraft, saveRegistrationDraft } from '../registration-draft';

const draft = {
  email: 'check@example.com',
  password: 'Charge2024',
  confirmPassword: 'Charge2024',
  companyName: ' Volt Parking ',
  companyAddress: '5 Grid Road',
  vatNumber: '',
  name: 'Grace',
  agreeTerms: true,
};

const user = {
  id: 3,
  email: draft.email,
  name: 'Grace',
  companyName: 'Volt Parking',
  companyAddress: '5 Grid Road',
  vatNumber: '',
  language: 'en_US',
  avatar: null,
};

beforeEach(() => clearRegistrationDraft());

describe('register, step 2 (/check)', () => {
  it('sends a visitor without the first step back to /register', async () => {
    fakeServer();
    const { router } = await openAt('/check', 'register-page');
    expect(router.state.location.pathname).toBe('/register');
  });

  it('wants a 4-character code before any request', async () => {
    saveRegistrationDraft(draft);
    const server = fakeServer();
    await openAt('/check');
    expect((await screen.findByTestId('auth-intro')).textContent).toBe(
      'Enter the 4-character code we sent to check@example.com.',
    );
    // The address is a box of its own, so that a line break does not split it at a hyphen.
    expect(screen.getByText('check@example.com').tagName).toBe('SPAN');
    fireEvent.change(screen.getByTestId('check-code'), { target: { value: 'AB1' } });
    fireEvent.click(screen.getByTestId('check-submit'));
    expect(await screen.findByText('The verification code has 4 characters')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('checks the code, registers with the first step, keeps the session and leaves', async () => {
    saveRegistrationDraft(draft);
    const server = fakeServer({ [registerPath]: envelope(200, 'success', { token: 'new-token', user }) });
    const { router } = await openAt('/check');
    fireEvent.change(await screen.findByTestId('check-code'), { target: { value: ' ab2c ' } });
    fireEvent.click(screen.getByTestId('check-submit'));

    await waitFor(() => expect(getToken()).toBe('new-token'));
    const [check, register] = server.requests;
    expect(check).toMatchObject({
      path: checkCodePath,
      body: { email: draft.email, code: 'AB2C', purpose: 'register' },
    });
    expect(register).toMatchObject({
      path: registerPath,
      body: {
        email: draft.email,
        password: 'Charge2024',
        confirmPassword: 'Charge2024',
        code: 'AB2C',
        companyName: 'Volt Parking',
        companyAddress: '5 Grid Road',
        vatNumber: '',
        name: 'Grace',
        language: 'en_US',
        agreeTerms: true,
      },
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/check'));
    expect(getRegistrationDraft()).toBeNull();
  });

  it('does not register when the code is wrong', async () => {
    saveRegistrationDraft(draft);
    const server = fakeServer({ [checkCodePath]: envelope(4113, 'Invalid verification code') });
    await openAt('/check');
    fireEvent.change(await screen.findByTestId('check-code'), { target: { value: 'ZZZZ' } });
    fireEvent.click(screen.getByTestId('check-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Invalid verification code');
    expect(server.requests.map((request) => request.path)).toEqual([checkCodePath]);
    expect(getToken()).toBeNull();
  });
});
