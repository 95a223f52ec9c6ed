import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, fakeServer } from '../testing/fake-server';
import { renderRoute } from '../testing/render-route';
import { getToken, setSelectedSite, setStationId, setToken, storageKeys } from '../lib/storage';

const user = { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', avatar: null };

function signedIn() {
  setToken('session-token');
  setStationId(7);
  return fakeServer({ '/cms-system/system/user/v2/detail': envelope(200, 'success', user) });
}

describe('routes', () => {
  it('sends a visitor without a session to /login', async () => {
    fakeServer();
    const { router } = renderRoute('/chargeList');
    // The matched route's chunk loads beside the redirect: on a cold start that is slower than the default 1 s.
    await screen.findByTestId('login-page', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading').textContent).toBe('Log in');
  });

  it.each([
    '/chargeList',
    '/sessionList',
    '/session/detail/41',
    '/card/list',
    '/cardGroup',
    '/tariffInfo',
    '/display',
    '/rich-text-editor',
  ])('sends a signed-in user without a chosen site from %s to choose one', async (path) => {
    const server = signedIn();
    setStationId(null);
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-site'), { timeout: 5000 });
    // Nothing of a site's data was asked for: only the user and the list of sites to choose from.
    expect(server.requests.map((r) => r.path).filter((p) => !/\/(user|station)\/v2\//.test(p))).toEqual([]);
  });

  it('opens the overview from the empty path, with the dark top bar and no side menu', async () => {
    signedIn();
    const { router } = renderRoute('/');
    await screen.findByTestId('overview-shell', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/overview');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(screen.getByTestId('overview-menu-button')).toBeTruthy();
    expect(screen.getByTestId('version-label').textContent).toContain('1.8.5');
  });

  it.each([
    ['/display', 'display-links-page', 'Display screen'],
    ['/rich-text-editor', 'notices-page', 'Rich text editor'],
  ])('routes %s to the %s screen, inside the shell', async (path, testId, title) => {
    signedIn();
    renderRoute(path);
    const page = await screen.findByTestId(testId, {}, { timeout: 5000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByTestId('side-menu')).toBeTruthy();
  });

  it('opens the kiosk display without a session, and says so when the link has no token', async () => {
    fakeServer();
    const { router } = renderRoute('/kiosk');
    await screen.findByTestId('display-refused', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/kiosk');
    expect(screen.queryByTestId('side-menu')).toBeNull();
  });

  it.each([
    ['/card/list', 'card-page', 'Cards'],
    ['/card/group', 'card-page', 'Cards'],
    ['/cardGroup', 'card-group-page', 'Card groups'],
  ])('routes %s to the %s screen', async (path, testId, title) => {
    signedIn();
    renderRoute(path);
    const page = await screen.findByTestId(testId, {}, { timeout: 5000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it('opens the session detail of the orderNo in the path', async () => {
    signedIn();
    renderRoute('/session/detail/41');
    const detail = await screen.findByTestId('session-detail', {}, { timeout: 5000 });
    expect(detail.dataset.orderNo).toBe('41');
    expect(within(detail).getByRole('heading', { level: 1 }).textContent).toBe('Session 41');
  });

  it('answers a session path without an orderNo with the not-found page', async () => {
    signedIn();
    renderRoute('/session/detail/ORD-1');
    await screen.findByTestId('not-found-page', {}, { timeout: 5000 });
  });

  it('shows the same reset screen at /reset and /reset-password', async () => {
    renderRoute('/reset');
    await screen.findByTestId('reset-password-page');
    expect(screen.getByRole('heading').textContent).toBe('Reset password');
  });

  it('answers an unknown path with the not-found page and a link to the default page', async () => {
    renderRoute('/no/such/page');
    await screen.findByTestId('not-found-page');
    expect(screen.getByTestId('not-found-message').textContent).toBe('The page you visited does not exist');
    expect(screen.getByTestId('not-found-link').getAttribute('href')).toBe('/overview');
  });
});

describe('top bar', () => {
  it("shows the selected site's name in the search box", async () => {
    signedIn();
    setSelectedSite({ id: 3, name: 'Depot North' });
    renderRoute('/load');
    const search = await screen.findByTestId('site-search');
    expect(search.getAttribute('placeholder')).toBe('Depot North');
  });

  it("shows the user's name and e-mail in the account menu, and logs out to /login", async () => {
    const server = signedIn();
    const { router } = renderRoute('/display');
    fireEvent.click(await screen.findByTestId('avatar-button'));
    const menu = await screen.findByTestId('account-menu');
    await waitFor(() => expect(within(menu).getByTestId('account-name').textContent).toBe('Ada Lovelace'));
    expect(within(menu).getByTestId('account-email').textContent).toBe('ada@example.com');

    fireEvent.click(within(menu).getByTestId('account-menu-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(server.requests.map((request) => request.path)).toContain('/cms-system/system/user/v2/logOut');
  });

  it('opens the account screen from the account menu', async () => {
    signedIn();
    const { router } = renderRoute('/display');
    fireEvent.click(await screen.findByTestId('avatar-button'));
    fireEvent.click(await screen.findByTestId('account-menu-account'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it('switches the interface language from the language dialog, and keeps it on Cancel', async () => {
    signedIn();
    renderRoute('/tariffInfo');
    fireEvent.click(await screen.findByTestId('language-button'));
    let dialog = await screen.findByTestId('language-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Language');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);
    fireEvent.click(within(dialog).getByLabelText('Nederlands'));
    fireEvent.click(within(dialog).getByTestId('language-cancel'));
    expect(localStorage.getItem(storageKeys.language)).toBe('en_US');

    fireEvent.click(screen.getByTestId('language-button'));
    dialog = await screen.findByTestId('language-dialog');
    fireEvent.click(within(dialog).getByLabelText('Deutsch'));
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('language-ok'));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('menu-item-chargeList').textContent).toBe('Ladestationen'));
    expect(localStorage.getItem(storageKeys.language)).toBe('de_DE');
    expect(document.documentElement.lang).toBe('de-DE');
  });
});
