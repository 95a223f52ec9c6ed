import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { openAt, type } from './auth-test-kit';
import { sendCodePath } from '../api/send-code';
import { clearRegistrationDraft, getRegistrationDraft } from '../registration-draft';

async function fillIn(email: string, overrides: Partial<Record<string, string>> = {}) {
  await screen.findByTestId('register-email');
  const values = {
    'register-email': email,
    'register-password': 'Charge2024',
    'register-confirm': 'Charge2024',
    'register-company-name': 'Volt Parking',
    'register-company-address': '5 Grid Road',
    'register-vat': 'NL123',
    'register-name': 'Grace',
    ...overrides,
  };
  for (const [testId, value] of Object.entries(values)) type(testId, value ?? '');
}

const submit = () => fireEvent.click(screen.getByTestId('register-submit'));

beforeEach(() => clearRegistrationDraft());

describe('register, step 1', () => {
  it('shows the password rule for a weak password and sends nothing', async () => {
    const server = fakeServer();
    await openAt('/register');
    await fillIn('weak@example.com', { 'register-password': 'abcdefgh', 'register-confirm': 'abcdefgh' });
    fireEvent.click(screen.getByTestId('register-terms'));
    submit();
    expect(
      await screen.findByText(
        'The password needs at least 8 characters, with at least two kinds among digits, letters and symbols',
      ),
    ).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('says when the confirmation differs, in the catalogue wording', async () => {
    const server = fakeServer();
    await openAt('/register');
    await fillIn('differs@example.com', { 'register-confirm': 'Charge2025' });
    fireEvent.click(screen.getByTestId('register-terms'));
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('requires the e-mail, the company name and address, and the legal terms', async () => {
    const server = fakeServer();
    await openAt('/register');
    submit();
    expect(await screen.findByText('Enter your e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter the company name')).toBeTruthy();
    expect(screen.getByText('Enter the company address')).toBeTruthy();
    expect(screen.getByTestId('register-terms-error').textContent).toBe(
      'Please accept the user agreement and the privacy policy',
    );
    expect(server.requests).toEqual([]);
  });

  it('mails a code for "register" and goes on to /check, keeping the fields in memory only', async () => {
    const server = fakeServer();
    const { router } = await openAt('/register');
    await fillIn(' new@example.com ');
    fireEvent.click(screen.getByTestId('register-terms'));
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/check'));
    expect(server.requests.map((request) => request.path)).toEqual([sendCodePath]);
    expect(server.requests[0]?.body).toEqual({
      email: 'new@example.com',
      purpose: 'register',
      language: 'en_US',
    });
    expect(getRegistrationDraft()).toMatchObject({ email: 'new@example.com', companyName: 'Volt Parking' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('Charge2024');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Charge2024');

    // The server wants a minute between two codes to one address: /check counts it down.
    expect((await screen.findByTestId('check-resend')).textContent).toMatch(/^Resend code \((60|59) s\)$/);
    expect(screen.getByTestId<HTMLButtonElement>('check-resend').disabled).toBe(true);
  });

  it('stays on the form when the address already has an account', async () => {
    fakeServer({ [sendCodePath]: envelope(4133, 'Account already exist') });
    const { router } = await openAt('/register');
    await fillIn('taken@example.com');
    fireEvent.click(screen.getByTestId('register-terms'));
    submit();
    expect((await screen.findByTestId('toast')).textContent).toBe('Account already exist');
    expect(router.state.location.pathname).toBe('/register');
    expect(getRegistrationDraft()).toBeNull();
  });
});
