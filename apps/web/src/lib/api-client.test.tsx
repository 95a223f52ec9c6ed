import { createHmac } from 'node:crypto';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmDialogHost } from '../components/ui/confirm-dialog';
import { NotificationHost } from '../components/ui/notifications';
import { envelope, fakeServer } from '../testing/fake-server';
import { ApiError, apiPost } from './api-client';
import { changeLanguage } from './i18n';
import { registerNavigate } from './navigation';
import { getToken, setStationId, setToken } from './storage';

const detail = '/cms-system/system/user/v2/detail';
const chargerDetail = '/cms-system/system/charger/v2/detail';

function appAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/chargeList', element: null },
      { path: '/login', element: null },
    ],
    { initialEntries: [path] },
  );
  registerNavigate((to, options) => void router.navigate(to, options));
  render(
    <>
      <NotificationHost />
      <ConfirmDialogHost />
    </>,
  );
  return router;
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  let caught: unknown;
  await act(async () => {
    caught = await call.then(
      () => null,
      (error: unknown) => error,
    );
  });
  if (!(caught instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(caught)}`);
  return caught;
}

beforeEach(() => setToken('session-token'));

describe('api-client requests', () => {
  it('signs every request with the contract headers', async () => {
    const server = fakeServer();
    const before = Date.now();
    await apiPost(detail);
    const { headers } = server.requests[0]!;

    expect(headers['x-app-kind']).toBe('plugboard-console');
    expect(headers['x-app-version']).toBe('1.8.5');
    expect(headers['x-app-type']).toBe('Web');
    expect(headers['x-language']).toBe('en_US');
    expect(headers['x-login-type']).toBe('1');
    expect(headers['x-token']).toBe('session-token');
    const timestamp = Number(headers['x-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    const expected = createHmac('sha256', 'session-token')
      .update(`${detail}${headers['x-timestamp']}`)
      .digest('hex');
    expect(headers.authorization).toBe(`HMAC-SHA256 ${expected}`);
  });

  it('sends an empty token before login', async () => {
    localStorage.clear();
    const server = fakeServer();
    await apiPost(
      '/cms-system/system/user/v2/login',
      { email: 'a@b.c', password: 'secret' },
      { noSite: true },
    );
    expect(server.requests[0]!.headers['x-token']).toBe('');
  });

  it('adds the stored stationId unless the payload has one or the call needs no site', async () => {
    setStationId(42);
    const server = fakeServer();
    await apiPost(chargerDetail, { chargerId: 3 });
    await apiPost(chargerDetail, { chargerId: 3, stationId: 7 });
    await apiPost('/cms-system/system/user/v2/logOut', undefined, { noSite: true });
    expect(server.requests.map((request) => request.body)).toEqual([
      { chargerId: 3, stationId: 42 },
      { chargerId: 3, stationId: 7 },
      {},
    ]);
  });

  it('resolves with the data of a successful answer', async () => {
    fakeServer({ [detail]: envelope(200, 'success', { name: 'Ada', email: 'ada@example.com' }) });
    await expect(apiPost(detail)).resolves.toEqual({ name: 'Ada', email: 'ada@example.com' });
  });
});

describe('api-client failures (spec section 8)', () => {
  it.each([
    ['body status 5008', envelope(5008, 'expired')],
    ['body status 5003', envelope(5003, 'ended')],
    ['body status 4125', envelope(4125, 'again')],
    ['HTTP 401', { status: 401, body: {} }],
  ])('%s drops the session and goes to /login', async (_name, answer) => {
    const router = appAt('/chargeList');
    fakeServer({ [detail]: answer });
    await failureOf(apiPost(detail));
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('toast')).toBeTruthy();
  });

  it('opens the load-management reminder for 1506, without a cancel button', async () => {
    appAt('/chargeList');
    fakeServer({ [detail]: envelope(1506, 'load management on') });
    const error = await failureOf(apiPost(detail));
    expect(error.code).toBe(1506);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Load management is active: deactivate it before adding or deleting chargers',
    );
    expect(within(dialog).queryByTestId('confirm-dialog-cancel')).toBeNull();
    act(() => within(dialog).getByTestId('confirm-dialog-ok').click());
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(getToken()).toBe('session-token');
  });

  it('shows the catalogue message of a known code in the interface language', async () => {
    appAt('/chargeList');
    await changeLanguage('de_DE');
    fakeServer({ [detail]: envelope(4122, 'Email does not exist or wrong password') });
    const error = await failureOf(apiPost(detail));
    expect(error).toMatchObject({ code: 4122, msg: 'Email does not exist or wrong password' });
    expect(screen.getByTestId('toast').textContent).toBe(
      'E-Mail-Adresse existiert nicht oder falsches Passwort',
    );
  });

  it("shows the server's precise message where the catalogue's would hide it, translated when known", async () => {
    appAt('/chargeList');
    await changeLanguage('en_US');
    fakeServer({ [detail]: envelope(4129, 'This product code is already registered') });
    await failureOf(apiPost(detail));
    expect(screen.getByTestId('toast').textContent).toBe('This product code is already registered');

    await changeLanguage('de_DE');
    fakeServer({ [detail]: envelope(1039, 'The session does not exist') });
    await failureOf(apiPost(detail));
    expect(screen.getByTestId('toast').textContent).toBe('Dieser Ladevorgang existiert nicht');

    await changeLanguage('en_US');
    fakeServer({
      [detail]: envelope(4129, 'Please enter correct information: alias: at most 20 characters'),
    });
    await failureOf(apiPost(detail));
    expect(screen.getByTestId('toast').textContent).toBe(
      'Please enter correct information: alias: at most 20 characters',
    );
  });

  it("shows the server's message for a code the catalogue does not know, else a generic one", async () => {
    appAt('/chargeList');
    fakeServer({ [detail]: envelope(8123, 'Tariff is locked') });
    await failureOf(apiPost(detail));
    expect(screen.getByTestId('toast').textContent).toBe('Tariff is locked');

    fakeServer({ [detail]: envelope(8124, '') });
    await failureOf(apiPost(detail));
    expect(screen.getByTestId('toast').textContent).toBe('Something went wrong, please try again later');
  });

  it.each([
    ['HTTP 500', { status: 500, body: {} }],
    ['HTTP 404', { status: 404, body: {} }],
    ['body status 400', envelope(400, 'Bad Request')],
    ['a proxy error page', { status: 502, body: 'Bad gateway' }],
    ['no connection', new TypeError('Failed to fetch')],
  ])('answers %s with the generic network message', async (_name, answer) => {
    const router = appAt('/chargeList');
    fakeServer({ [detail]: answer });
    await failureOf(apiPost(detail));
    expect(screen.getByTestId('toast').textContent).toBe('Network unavailable, try again later');
    expect(router.state.location.pathname).toBe('/chargeList');
    expect(getToken()).toBe('session-token');
  });
});
