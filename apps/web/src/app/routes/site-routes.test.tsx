import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSite, fakeSitesServer } from '../../features/sites/testing';
import {
  getLastSelectStation,
  getLastSitesByAccount,
  getSelectedSite,
  getStationId,
  setLastSitesByAccount,
  setSelectedSite,
  setToken,
} from '../../lib/storage';
import { onAPhone } from '../../testing/on-a-phone';
import { renderRoute } from '../../testing/render-route';

// Whole-console renders load lazy chunks; under a busy test run that takes longer than the default second.
const slow = { timeout: 5000 };

const ada = { id: 1, email: 'ada@example.com', name: 'Ada' };

function signedIn(sites = [aSite({ id: 1, name: 'Alpha Hub' }), aSite({ id: 2, name: 'Beta Yard' })]) {
  setToken('session-token');
  return fakeSitesServer(sites, ada);
}

describe('select-site', () => {
  it('sends an account without sites on to add one', async () => {
    signedIn([]);
    const { router } = renderRoute('/select-site');
    await screen.findByTestId('add-site-page', {}, slow);
    expect(router.state.location.pathname).toBe('/add-site');
  });

  it('enters the site this e-mail chose last time at once', async () => {
    const server = signedIn();
    setLastSitesByAccount([
      { id: 1, email: 'someone@else.com' },
      { id: 2, email: 'ada@example.com' },
    ]);
    const { router } = renderRoute('/select-site');
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'), slow);
    expect(getStationId()).toBe('2');
    expect(getSelectedSite()?.name).toBe('Beta Yard');
    // The user info is read again once the site is chosen (spec section 3).
    expect(server.calls('user/v2/detail').length).toBeGreaterThanOrEqual(2);
  });

  it("enters an account's only site at once and remembers it for the e-mail, even when another was remembered", async () => {
    const server = signedIn([aSite({ id: 7, name: 'Only Yard' })]);
    setLastSitesByAccount([{ id: 3, email: 'ada@example.com' }]);
    const { router } = renderRoute('/select-site');
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'), slow);
    expect(getStationId()).toBe('7');
    expect(getSelectedSite()?.name).toBe('Only Yard');
    expect(getLastSitesByAccount()).toEqual([{ id: 7, email: 'ada@example.com' }]);
    // The remembered site (deleted meanwhile) is not asked for: the only one is on the first page.
    expect(server.calls('station/v2/detail')).toEqual([]);
  });

  it('asks for a remembered site beyond the first page by id, and lists the sites when it is gone', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      aSite({ id: i + 1, name: `Site ${String(i + 1).padStart(2, '0')}` }),
    );
    const server = signedIn(many);
    setLastSitesByAccount([{ id: 99, email: 'ada@example.com' }]);
    renderRoute('/select-site');
    await screen.findByTestId('select-site-option-1', {}, slow);
    expect(server.calls('station/v2/detail')[0]?.body.stationId).toBe(99);
    expect(getStationId()).toBeNull();
  });

  it('lets the user pick a site, remembers it for the e-mail and opens the overview', async () => {
    signedIn();
    setLastSitesByAccount([{ id: 1, email: 'someone@else.com' }]);
    const { router } = renderRoute('/select-site');
    fireEvent.click(await screen.findByTestId('select-site-option-2', {}, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'), slow);
    expect(getLastSelectStation()).toBe(2);
    expect(getLastSitesByAccount()).toEqual([
      { id: 1, email: 'someone@else.com' },
      { id: 2, email: 'ada@example.com' },
    ]);
  });

  it("comes back to the site's page that sent the user here, now on the chosen site", async () => {
    signedIn();
    const { router } = renderRoute('/tariffInfo?from=link');
    fireEvent.click(await screen.findByTestId('select-site-option-2', {}, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tariffInfo'), slow);
    expect(router.state.location.search).toBe('?from=link');
    expect(getStationId()).toBe('2');
  });

  it('after logging in, opens the page that was asked for without a session, on the site chosen', async () => {
    fakeSitesServer([aSite({ id: 1, name: 'Alpha Hub' }), aSite({ id: 2, name: 'Beta Yard' })], ada);
    const { router } = renderRoute('/tariffInfo?from=mail');
    await screen.findByTestId('login-page', {}, slow);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    fireEvent.click(await screen.findByTestId('select-site-option-2', {}, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tariffInfo'), slow);
    expect(router.state.location.search).toBe('?from=mail');
    expect(getStationId()).toBe('2');
  });

  it('needs a session', async () => {
    const { router } = renderRoute('/select-site');
    await screen.findByTestId('login-page', {}, slow);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('add-site', () => {
  it('adds the first site, selects it and opens the overview', async () => {
    signedIn([]);
    const { router } = renderRoute('/add-site');
    const type = (name: string, value: string) =>
      fireEvent.change(screen.getByTestId(`site-form-${name}`), { target: { value } });
    await screen.findByTestId('site-form', {}, slow);
    type('name', 'First Site');
    type('address', 'Main St 1');
    type('currency', 'EUR');
    type('power-capacity', '11');
    fireEvent.click(screen.getByTestId('site-form-phases-1'));
    type('capacity-l1', '16');
    fireEvent.click(screen.getByTestId('site-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'), slow);
    expect(getSelectedSite()?.name).toBe('First Site');
    expect(getLastSitesByAccount()).toEqual([{ id: getSelectedSite()?.id, email: 'ada@example.com' }]);
  });
});

describe('siteManage', () => {
  it.each(['/siteManage/delete/1', '/siteManage/edit/abc', '/siteManage/view/0'])(
    'answers %s with not-found',
    async (path) => {
      signedIn();
      renderRoute(path);
      await screen.findByTestId('not-found-page', {}, slow);
    },
  );

  it('shows a site read-only at view/{id}, and edits it at edit/{id}', async () => {
    signedIn();
    const { router } = renderRoute('/siteManage/view/2');
    const form = await screen.findByTestId('site-form', {}, slow);
    expect(form.getAttribute('data-mode')).toBe('view');
    expect(screen.queryByTestId('site-form-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('site-details-edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/siteManage/edit/2'), slow);
    expect((await screen.findByTestId('site-form', {}, slow)).getAttribute('data-mode')).toBe('edit');
    expect(screen.getByTestId<HTMLSelectElement>('site-form-currency').disabled).toBe(true);
  });

  it('renames the selected site in the top bar after an edit', async () => {
    signedIn();
    setSelectedSite({ id: 2, name: 'Beta Yard' });
    const { router } = renderRoute('/siteManage/edit/2');
    await screen.findByTestId('site-form', {}, slow);
    expect(screen.getByTestId('site-search').getAttribute('placeholder')).toBe('Beta Yard');
    fireEvent.change(screen.getByTestId('site-form-name'), { target: { value: 'Beta Depot' } });
    fireEvent.click(screen.getByTestId('site-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/siteManage/siteList'), slow);
    expect(screen.getByTestId('site-search').getAttribute('placeholder')).toBe('Beta Depot');
  });

  it('adds a site from siteManage/add and returns to the list', async () => {
    const server = signedIn();
    setSelectedSite({ id: 1, name: 'Alpha Hub' });
    const { router } = renderRoute('/siteManage/add');
    await screen.findByTestId('site-form', {}, slow);
    const type = (name: string, value: string) =>
      fireEvent.change(screen.getByTestId(`site-form-${name}`), { target: { value } });
    type('name', 'Gamma Park');
    type('address', 'Gamma Road 3');
    type('currency', 'CHF');
    type('power-capacity', '30');
    type('capacity-l1', '32');
    type('capacity-l2', '32');
    type('capacity-l3', '32');
    fireEvent.click(screen.getByTestId('site-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/siteManage/siteList'), slow);
    expect(server.sites.map((site) => site.name)).toContain('Gamma Park');
    // Adding from siteManage does not switch sites.
    expect(getSelectedSite()?.name).toBe('Alpha Hub');
  });

  it('shows each site as a card on a phone, its figures and actions in sight', async () => {
    onAPhone();
    signedIn([
      aSite({ id: 1, name: 'Alpha Hub', isOpenLoad: 1 }),
      aSite({ id: 2, name: 'Beta Yard', phases: 1, capacityL2: null, capacityL3: null, powerCapacity: 22 }),
    ]);
    setSelectedSite({ id: 1, name: 'Alpha Hub' });
    renderRoute('/siteManage/siteList');
    const beta = await screen.findByTestId('site-list-row-2', {}, slow);
    expect(beta.tagName).not.toBe('TR');
    expect(beta.textContent).toContain('EUR · 1 phase · 22 kW · Load management');
    expect(within(screen.getByTestId('site-list-row-1')).getByTestId('site-list-current-1')).toBeTruthy();
    expect(within(beta).getByTestId('site-list-edit-2').getAttribute('href')).toBe('/siteManage/edit/2');
    fireEvent.click(within(beta).getByTestId('site-list-select-2'));
    await waitFor(() => expect(getStationId()).toBe('2'), slow);
  });

  it('lists the sites a page at a time, searched by name', async () => {
    const server = signedIn([
      aSite({ id: 1, name: 'Alpha Hub', isOpenLoad: 1 }),
      aSite({ id: 2, name: 'Beta Yard', phases: 1, capacityL2: null, capacityL3: null }),
      aSite({ id: 3, name: 'Gamma Park' }),
    ]);
    setSelectedSite({ id: 1, name: 'Alpha Hub' });
    const { router } = renderRoute('/siteManage/siteList?pageSize=2');
    const alpha = await screen.findByTestId('site-list-row-1', {}, slow);
    expect(alpha.textContent).toContain('On');
    expect(within(alpha).getByTestId('site-list-current-1')).toBeTruthy();
    expect(screen.getByTestId('site-list-row-2').textContent).toContain('1 phase');
    expect(screen.queryByTestId('site-list-row-3')).toBeNull();
    expect(screen.getByTestId('site-list-pagination').textContent).toContain('1–2 of 3');

    fireEvent.click(screen.getByTestId('site-list-next'));
    await screen.findByTestId('site-list-row-3', {}, slow);
    expect(new URLSearchParams(router.state.location.search).get('pageNum')).toBe('2');
    expect(server.calls('station/v2/list').at(-1)?.body).toMatchObject({ pageNum: 2, pageSize: 2 });

    fireEvent.change(screen.getByTestId('site-list-search'), { target: { value: 'beta' } });
    await waitFor(() => expect(screen.queryByTestId('site-list-row-3')).toBeNull(), slow);
    await screen.findByTestId('site-list-row-2', {}, slow);
    expect(screen.queryByTestId('site-list-row-1')).toBeNull();
    // One request for the settled search, back on page 1; none for the page it was on.
    expect(server.calls('station/v2/list').map((call) => [call.body.name, call.body.pageNum])).toEqual([
      [undefined, 1],
      [undefined, 2],
      ['beta', 1],
    ]);
  });

  it('opens the site list from "view more" in the top bar', async () => {
    signedIn();
    setSelectedSite({ id: 1, name: 'Alpha Hub' });
    const { router } = renderRoute('/load');
    fireEvent.focus(await screen.findByTestId('site-search', {}, slow));
    fireEvent.click(await screen.findByTestId('site-search-view-more', {}, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/siteManage/siteList'), slow);
  });
});
