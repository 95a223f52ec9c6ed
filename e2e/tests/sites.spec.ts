import { expect, test, type Page, type Request } from '@playwright/test';
import type { SiteList } from '@plugboard/contract';
import { addSite, apiData, loginAccount, registerAccount, signInWithToken } from '../support/api.ts';

type SiteInput = { name: string; address: string; currency?: string; fixedCost?: string; power?: string };

/** Fills the site form as a user would: a single-phase site. */
async function fillSite(
  page: Page,
  { name, address, currency = 'EUR', fixedCost = '0.30', power = '22' }: SiteInput,
) {
  await page.getByTestId('site-form-name').fill(name);
  await page.getByTestId('site-form-address').fill(address);
  await page.getByTestId('site-form-currency').selectOption(currency);
  await page.getByTestId('site-form-fixed-cost').fill(fixedCost);
  await page.getByTestId('site-form-power-capacity').fill(power);
  await page.getByTestId('site-form-phases-1').check();
  await page.getByTestId('site-form-capacity-l1').fill('32');
}

const storedList = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('lastSelectSiteByAccountList') ?? '[]') as unknown);

/** The names searched for by the site-list calls the page makes from now on. */
function listSearches(page: Page): (string | undefined)[] {
  const names: (string | undefined)[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/station/v2/list')) return;
    names.push((request.postDataJSON() as { name?: string }).name);
  });
  return names;
}

test('a new account adds its first site, then finds, pages through and switches sites', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await registerAccount(page.request);
  await signInWithToken(page, account.token);

  // No site yet: select-site sends the user on to add one; the first site is selected at once.
  await page.goto('/select-site');
  await expect(page).toHaveURL(/\/add-site$/);
  await fillSite(page, { name: 'Zeta Depot', address: 'Zeta Road 4' });
  await page.getByTestId('site-form-submit').click();
  await expect(page).toHaveURL(/\/overview$/);
  const search = page.getByTestId('site-search');
  await expect(search).toHaveAttribute('placeholder', 'Zeta Depot');

  for (const [name, address] of [
    ['Alpha Hub', 'Alpha Road 1'],
    ['Beta Yard', 'Beta Road 2'],
    ['Gamma Park', 'Gamma Road 3'],
  ] as const) {
    await page.goto('/siteManage/add');
    await fillSite(page, { name, address });
    await page.getByTestId('site-form-submit').click();
    await expect(page).toHaveURL(/\/siteManage\/siteList$/);
    await expect(page.getByTestId('site-table')).toContainText(name);
  }
  const { list } = await apiData<SiteList>(
    page.request,
    '/cms-system/system/station/v2/list',
    { pageNum: 1, pageSize: 10 },
    account.token,
  );
  const idOf = (name: string) => list.find((site) => site.name === name)?.id;

  // Focus: page 1 of 3 by name is Alpha, Beta, Gamma; the selected Zeta takes the third place, first.
  const searches = listSearches(page);
  const options = page.getByTestId('site-search-dropdown').getByRole('option');
  await search.click();
  await expect(options).toHaveText([/Zeta Depot\s*Zeta Road 4/, /Alpha Hub\s*Alpha Road 1/, /Beta Yard/]);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');

  // Typing narrows the list once the typing stops: one call for "gam", none for "g" or "ga".
  await search.pressSequentially('gam', { delay: 40 });
  await expect(options).toHaveText([/Gamma Park/]);
  expect(searches.filter((name) => name !== undefined)).toEqual(['gam']);

  await search.fill('no such site');
  await expect(page.getByTestId('site-search-empty')).toHaveText('No data');

  // "View more" lists all four; a smaller page size shows the paging.
  await page.getByTestId('site-search-view-more').click();
  await expect(page).toHaveURL(/\/siteManage\/siteList$/);
  await expect(page.getByTestId(/^site-list-row-/)).toHaveCount(4);
  await expect(page.getByTestId(`site-list-current-${idOf('Zeta Depot')}`)).toBeVisible();
  await page.goto('/siteManage/siteList?pageSize=3');
  await expect(page.getByTestId(/^site-list-row-/)).toHaveCount(3);
  await expect(page.getByTestId('site-list-pagination')).toContainText('1–3 of 4');
  await page.getByTestId('site-list-next').click();
  await expect(page.getByTestId(/^site-list-row-/)).toHaveCount(1);
  await expect(page.getByTestId(`site-list-row-${idOf('Zeta Depot')}`)).toBeVisible();
  await expect(page.getByTestId('site-list-pagination')).toContainText('4–4 of 4');

  // Switching from the dropdown reloads the page on the new site (a mark left on the page is gone).
  await page.evaluate(() => Object.assign(globalThis, { beforeSwitch: true }));
  await search.click();
  await page.getByTestId(`site-search-option-${idOf('Alpha Hub')}`).click();
  // While the page reloads the old document's context goes away: that counts as "not yet".
  await expect.poll(() => page.evaluate(() => 'beforeSwitch' in globalThis).catch(() => true)).toBe(false);
  await expect(search).toHaveAttribute('placeholder', 'Alpha Hub');
  const alphaId = idOf('Alpha Hub');
  expect(await page.evaluate(() => localStorage.getItem('stationId'))).toBe(String(alphaId));
  expect(await page.evaluate(() => localStorage.getItem('lastSelectStation'))).toBe(String(alphaId));
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('selectSite') ?? '{}') as unknown),
  ).toMatchObject({ id: alphaId, name: 'Alpha Hub', address: 'Alpha Road 1' });
  expect(await storedList(page)).toEqual([{ id: alphaId, email: account.email }]);

  // After a browser restart with the same storage, the site is still selected.
  const state = await page.context().storageState();
  const restarted = await browser.newContext({ storageState: state, baseURL });
  const again = await restarted.newPage();
  await again.goto('/overview');
  await expect(again.getByTestId('site-search')).toHaveAttribute('placeholder', 'Alpha Hub');
  await again.getByTestId('site-search').click();
  await expect(again.getByTestId('site-search-dropdown').getByRole('option').first()).toContainText(
    'Alpha Hub',
  );
  await restarted.close();
});

test('a site keeps its currency, and a negative fixed cost is explained without a request', async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Locked Currency', currency: 'CHF' });
  await signInWithToken(page, account.token);

  await page.goto(`/siteManage/view/${site.id}`);
  await expect(page.getByTestId('site-form-name')).toHaveValue('Locked Currency');
  await expect(page.getByTestId('site-form-submit')).toHaveCount(0);
  await page.getByTestId('site-details-edit').click();
  await expect(page).toHaveURL(new RegExp(`/siteManage/edit/${site.id}$`));

  const currency = page.getByTestId('site-form-currency');
  await expect(currency).toBeDisabled();
  await expect(currency).toHaveValue('CHF');
  await expect(page.locator('#site-form-currency-helper-text')).toHaveText(
    'The currency cannot be changed once the site exists',
  );

  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/station/v2/update')) updates.push(request.url());
  });
  await page.getByTestId('site-form-fixed-cost').fill('-1');
  await page.getByTestId('site-form-submit').click();
  await expect(page.locator('#site-form-fixed-cost-helper-text')).toHaveText(
    'The fixed cost must be a number of at least 0',
  );
  await expect(page).toHaveURL(new RegExp(`/siteManage/edit/${site.id}$`));
  expect(updates).toEqual([]);

  // A right value saves (still without the currency) and returns to the list.
  await page.getByTestId('site-form-fixed-cost').fill('0.4');
  const saved = page.waitForRequest((request) => request.url().endsWith('/station/v2/update'));
  await page.getByTestId('site-form-submit').click();
  expect((await saved).postDataJSON()).not.toHaveProperty('currency');
  await expect(page).toHaveURL(/\/siteManage\/siteList$/);
});

test('the last site is remembered per e-mail, for at most three accounts', async ({ page }) => {
  const accounts = [];
  for (let i = 1; i <= 4; i++) {
    const account = await registerAccount(page.request);
    // Two sites each, so that entering the remembered one is not just "the only site".
    await addSite(page.request, account.token, { name: `Account ${i} first` });
    const site = await addSite(page.request, account.token, { name: `Account ${i} second` });
    accounts.push({ ...account, siteId: site.id });
  }

  // Each account in turn logs in to the same browser and picks its second site.
  for (const account of accounts) {
    await signInWithToken(page, account.token);
    await page.goto('/select-site');
    await page.getByTestId(`select-site-option-${account.siteId}`).click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByTestId('site-search')).toHaveAttribute('placeholder', /second$/);
  }
  const [first, second, third, fourth] = accounts;
  if (!first || !second || !third || !fourth) throw new Error('four accounts expected');
  const remembered = [second, third, fourth].map(({ siteId, email }) => ({ id: siteId, email }));
  expect(await storedList(page)).toEqual(remembered);

  // A remembered e-mail goes straight to its site after logging in again; the list keeps its order.
  await signInWithToken(page, await loginAccount(page.request, third));
  await page.goto('/select-site');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId('site-search')).toHaveAttribute('placeholder', 'Account 3 second');
  expect(await page.evaluate(() => localStorage.getItem('stationId'))).toBe(String(third.siteId));
  expect(await storedList(page)).toEqual(remembered);

  // The dropped (oldest) e-mail chooses again.
  await signInWithToken(page, await loginAccount(page.request, first));
  await page.goto('/select-site');
  await expect(page.getByTestId(`select-site-option-${first.siteId}`)).toBeVisible();
  await expect(page).toHaveURL(/\/select-site$/);
});
