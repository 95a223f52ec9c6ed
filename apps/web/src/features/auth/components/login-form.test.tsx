import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { getToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { openAt, type, visitedPaths } from './auth-test-kit';
import { loginPath } from '../api/login';

const user = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  companyName: 'Analytical Engines Ltd',
  companyAddress: '1 Engine Street',
  vatNumber: '',
  language: 'en_US',
  avatar: null,
};

describe('log in', () => {
  it('says what is missing before any request is made', async () => {
    const server = fakeServer();
    await openAt('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Enter your e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('refuses an address that is not an e-mail, and clears the message once it is fixed', async () => {
    const server = fakeServer();
    await openAt('/login');
    type('login-email', 'ada@example');
    type('login-password', 'whatever1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    type('login-email', 'ada@example.com');
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('shows the message in the interface language', async () => {
    await changeLanguage('de_DE');
    const server = fakeServer();
    await openAt('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Geben Sie Ihre E-Mail-Adresse ein')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('keeps the session token and hands over to select-site', async () => {
    const server = fakeServer({ [loginPath]: envelope(200, 'success', { token: 'token-1', user }) });
    const { router } = await openAt('/login');
    const paths = visitedPaths(router);
    await screen.findByTestId('login-email');
    type('login-email', ' ada@example.com ');
    type('login-password', 'Secret123');
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(paths).toContain('/select-site'));
    expect(getToken()).toBe('token-1');
    const login = server.requests.find((request) => request.path === loginPath);
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'Secret123' });
  });

  it('shows the catalogue message for wrong credentials once, and stays', async () => {
    fakeServer({ [loginPath]: envelope(4122, 'Email does not exist or wrong password') });
    const { router } = await openAt('/login');
    type('login-email', 'ada@example.com');
    type('login-password', 'wrong-password1');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('toast')).textContent).toBe('Email does not exist or wrong password');
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('links to registering and to the forgotten password', async () => {
    fakeServer();
    await openAt('/login');
    expect((await screen.findByTestId('login-register')).getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('login-forgot').getAttribute('href')).toBe('/forgot-password');
  });
});
