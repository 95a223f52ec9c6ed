import { expect, test, type Page } from '@playwright/test';
import { addSite, registerAccount } from '../support/api.ts';

/** Opens the console as a logged-in operator with a site chosen (kept where the console keeps them). */
async function openAsOperator(page: Page, path = '/chargeList', language?: string) {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token);
  await page.addInitScript(
    ([token, stationId, lang]) => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('token', token);
        localStorage.setItem('stationId', stationId);
        if (lang) localStorage.setItem('installer-language', lang);
      }
    },
    [account.token, String(site.id), language ?? ''] as const,
  );
  await page.goto(path);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return account;
}

test('an unknown path shows the not-found page with a link back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found-message')).toHaveText('The page you visited does not exist');
  await page.getByTestId('not-found-link').click();
  // Without a session the default page sends the visitor on to /login.
  await expect(page).toHaveURL(/\/(overview|login)$/);
});

test("a site's page in a fresh browser sends the user to choose a site first, then opens", async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  // Two sites: an account's only site is entered without asking (the next test).
  await addSite(page.request, account.token, { name: 'Alpha Hub' });
  const site = await addSite(page.request, account.token, { name: 'Depot Noord' });
  await page.addInitScript((token) => localStorage.setItem('token', token), account.token);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') asked.push(`${new URL(r.url()).pathname} ${r.postData() ?? ''}`);
  });
  await page.goto('/sessionList');
  await expect(page).toHaveURL(/\/select-site$/);
  // No call of a site's data went out without a site (it would answer an error).
  expect(asked.filter((call) => call.includes('/session/'))).toEqual([]);
  await page.getByTestId(`select-site-option-${site.id}`).click();
  // Back on the page asked for, now of the chosen site.
  await expect(page).toHaveURL(/\/sessionList$/);
  await expect(page.getByTestId('session-page')).toBeVisible();
  await expect(page.getByTestId('site-search')).toHaveAttribute('placeholder', 'Depot Noord');
  await expect(page.getByText('Network unavailable')).toHaveCount(0);
});

test("logging in to an account with one site opens that site's overview, with nothing to choose", async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Solo Depot' });
  await page.goto('/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId('site-search')).toHaveAttribute('placeholder', 'Solo Depot');
  expect(await page.evaluate(() => localStorage.getItem('stationId'))).toBe(String(site.id));
});

test('a link opened without a session asks for the login and the site, then opens the page it named', async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  await addSite(page.request, account.token, { name: 'Alpha Hub' });
  const site = await addSite(page.request, account.token, { name: 'Depot Zuid' });
  await page.goto('/tariffInfo?from=mail');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/select-site$/);
  await page.getByTestId(`select-site-option-${site.id}`).click();
  await expect(page).toHaveURL(/\/tariffInfo\?from=mail$/);
  await expect(page.getByTestId('site-search')).toHaveAttribute('placeholder', 'Depot Zuid');
});

test('the side menu collapses and expands at the logo and at the handle', async ({ page }) => {
  await openAsOperator(page);
  const menu = page.getByTestId('side-menu');
  await expect(menu).toHaveAttribute('data-expanded', 'true');
  await expect.poll(async () => (await menu.boundingBox())?.width).toBe(240);
  await expect(page.getByTestId('menu-item-chargeList')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('menu-item-chargeList')).toContainText('Chargers');

  await page.getByTestId('side-menu-toggle').click();
  await expect(menu).toHaveAttribute('data-expanded', 'false');
  await expect.poll(async () => (await menu.boundingBox())?.width).toBe(100);
  await expect(page.getByTestId('menu-item-chargeList')).not.toContainText('Chargers');

  await page.getByTestId('side-menu-handle').click();
  await expect(menu).toHaveAttribute('data-expanded', 'true');
  await expect.poll(async () => (await menu.boundingBox())?.width).toBe(240);
  await expect(page.getByTestId('menu-item-chargeList')).toContainText('Chargers');

  await page.getByTestId('menu-item-sessionList').click();
  await expect(page).toHaveURL(/\/sessionList$/);
  await expect(page.getByTestId('menu-item-sessionList')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('menu-item-chargeList')).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('version-label')).toContainText('1.8.5');
});

test('choosing a language switches the interface at once and survives a reload', async ({ page }) => {
  await openAsOperator(page);
  await page.getByTestId('language-button').click();
  await expect(page.getByTestId('language-dialog')).toContainText('Language');
  await page.getByTestId('language-option-de_DE').click();
  await page.getByTestId('language-ok').click();
  await expect(page.getByTestId('menu-item-chargeList')).toContainText('Ladestationen');
  expect(await page.evaluate(() => localStorage.getItem('installer-language'))).toBe('de_DE');

  await page.reload();
  await expect(page.getByTestId('menu-item-chargeList')).toContainText('Ladestationen');
  await expect(page.locator('html')).toHaveAttribute('lang', /de/);

  // Cancel keeps the current language.
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-option-fr_FR').click();
  await page.getByTestId('language-cancel').click();
  await expect(page.getByTestId('menu-item-chargeList')).toContainText('Ladestationen');
});

test('an invalid stored language is reset to en_US at start', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('installer-language', 'xx_XX'));
  await page.goto('/login');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('installer-language'))).toBe('en_US');
});

test('a page chunk that fails to load says the app was updated', async ({ page }) => {
  await openAsOperator(page, '/chargeList');
  await page.route(/\/assets\/.*session-list.*\.js$/, (route) => route.abort());
  await page.getByTestId('menu-item-sessionList').click();
  const fallback = page.getByTestId('error-fallback');
  await expect(fallback).toHaveAttribute('data-error-kind', 'chunk');
  await expect(fallback).toContainText(/updated/i);
  await expect(page.getByTestId('error-fallback-refresh')).toBeVisible();
});

test('a catalogued server error shows its message as a toast that hides after 2 s', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill('nobody@example.test');
  await page.getByTestId('login-password').fill('wrong-pass-1');
  await page.getByTestId('login-submit').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText(/Email does not exist or wrong password/);
  await expect(toast).toBeHidden({ timeout: 5_000 });
});

test('an unhandled promise rejection shows nothing', async ({ page }) => {
  await openAsOperator(page);
  await page.evaluate(() => {
    void Promise.reject(new Error('nobody handles this'));
  });
  await page.waitForTimeout(500);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.getByTestId('error-fallback')).toHaveCount(0);
});

test('the confirm dialog shows its title and lines, and Cancel changes nothing', async ({ page }) => {
  await openAsOperator(page, '/account');
  await page.getByTestId('account-delete').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(page.getByTestId('confirm-dialog-title')).toHaveText('Delete your account?');
  const content = page.getByTestId('confirm-dialog-content');
  await expect(content).toContainText('This is irreversible.');
  // The second line of the message stands on a line of its own.
  const lines = (await content.innerText()).split('\n').filter((l) => l.trim());
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect((await content.boundingBox())?.width).toBeLessThanOrEqual(550);
  await expect(page.getByTestId('confirm-dialog-ok')).toHaveText('Delete');
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(dialog).toBeHidden();

  // Nothing was deleted: the session still works after a reload.
  await page.reload();
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
});
