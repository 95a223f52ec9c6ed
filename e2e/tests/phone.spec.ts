import { expect, test, type Page } from '@playwright/test';
import { addSite, apiData, registerAccount, signInWithToken } from '../support/api.ts';
import { selectSite, simulateCharger, stopChargers, uniqueProductCode } from '../support/charger.ts';
import { snapshot } from '../support/page.ts';

// An installer's phone (issue 19): every screen at 390x844, with screenshots kept for a person to look at.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.afterEach(async () => {
  await stopChargers();
});

/** The page itself never scrolls sideways: what is wider (a table) scrolls inside itself. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => {
    const view = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } };
      innerWidth: number;
    };
    return { scrollWidth: view.document.documentElement.scrollWidth, width: view.innerWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

const routes = [
  ['overview', '/overview', 'overview-shell'],
  ['chargers', '/chargeList', 'console-shell'],
  ['sessions', '/sessionList', 'console-shell'],
  ['cards', '/card/list', 'console-shell'],
  ['card-groups', '/card/group', 'console-shell'],
  ['invoices', '/invoice/list', 'console-shell'],
  ['tariff', '/tariffInfo', 'console-shell'],
  ['load', '/load', 'console-shell'],
  ['display', '/display', 'console-shell'],
  ['account', '/account', 'console-shell'],
  ['sites', '/siteManage/siteList', 'console-shell'],
  ['add-site', '/siteManage/add', 'console-shell'],
  ['select-site', '/select-site', null],
] as const;

test('every screen of the console is usable on a phone (390x844)', async ({ page, baseURL }, testInfo) => {
  const account = await registerAccount(page.request);
  const site = await addSite(page.request, account.token, { name: 'Phone Depot' });
  // A second site, so that select-site lists them (an account's only site is entered without asking).
  const otherSite = await addSite(page.request, account.token, { name: 'Phone Yard' });
  const productCode = uniqueProductCode('PHN');
  await apiData(
    page.request,
    '/cms-system/system/charger/v2/add',
    { stationId: site.id, productCode, pin: '1234' },
    account.token,
  );
  const cardId = `P${Date.now().toString(36).slice(-7).toUpperCase()}`;
  await apiData(
    page.request,
    '/cms-system/system/card/v2/add',
    { stationId: site.id, cardId, holder: 'Pat Phone', email: 'pat.phone@example.com' },
    account.token,
  );
  const charger = simulateCharger({ baseURL, productCode, pin: '1234', sim: { connectors: 2 } });
  await charger.boot();

  // Signed out: the login screen.
  await page.goto('/login');
  await expectNoSidewaysScroll(page);
  await snapshot(page, testInfo, 'login');

  await signInWithToken(page, account.token);
  await selectSite(page, site);
  for (const [name, path, shell] of routes) {
    await page.goto(path);
    if (shell) await expect(page.getByTestId(shell)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
    await snapshot(page, testInfo, name);
  }

  // The side menu is a drawer below md: opened from the top bar, it closes on the way to another screen.
  await page.goto('/chargeList');
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await page.getByTestId('side-menu-open').click();
  const drawer = page.getByTestId('side-menu-drawer');
  await expect(drawer).toBeVisible();
  await snapshot(page, testInfo, 'menu-drawer');
  await drawer.getByTestId('menu-item-sessionList').click();
  await expect(page).toHaveURL(/\/sessionList$/);
  await expect(drawer).toHaveCount(0);

  // The charger's details and a dialog fill the screen.
  await page.goto('/chargeList');
  await page.getByTestId(`charger-row-${productCode}`).click();
  const details = page.getByTestId('charger-details');
  await expect(details).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, testInfo, 'charger-details');
  await details.getByTestId('charger-action-start').click();
  const choose = page.getByTestId('charger-choose-start');
  await expect(choose).toBeVisible();
  const box = await choose.locator('.MuiDialog-paper').boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  await snapshot(page, testInfo, 'start-dialog');
  await choose.getByTestId('connector-choice-2').click();
  await choose.getByTestId('connector-choice-ok').click();
  await expect(details.getByTestId('charger-connector-2-session')).toBeVisible();
  await snapshot(page, testInfo, 'charging-on-connector-2');

  // With a session, the lists are cards with what an installer looks for in sight: the status whole, the energy.
  const inSight = async (testId: string) => {
    const shown = await page.getByTestId(testId).boundingBox();
    expect(shown).not.toBeNull();
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(390);
  };
  await page.goto('/chargeList');
  await expect(page.getByTestId(`charger-session-${productCode}`)).toBeVisible();
  await inSight(`charger-status-${productCode}`);
  await inSight(`charger-session-${productCode}`);
  await snapshot(page, testInfo, 'chargers-charging');
  await page.goto('/sessionList');
  const row = page.locator('[data-testid^="session-row-"]').first();
  await expect(row).toBeVisible();
  const id = (await row.getAttribute('data-testid'))!.replace('session-row-', '');
  for (const field of ['session-energy', 'session-cost', 'session-status']) await inSight(`${field}-${id}`);
  await expectNoSidewaysScroll(page);
  await snapshot(page, testInfo, 'sessions-ongoing');
  // A card's id, group and actions in sight, not in a table scrolled sideways.
  await page.goto('/card/list');
  await inSight(`card-select-${cardId}`);
  await inSight(`card-group-${cardId}`);
  await inSight(`card-recycle-${cardId}`);
  // Import and export share one row.
  const [importBox, exportBox] = await Promise.all(
    ['card-import', 'card-export'].map((id) => page.getByTestId(id).boundingBox()),
  );
  expect(importBox?.y).toBe(exportBox?.y);
  await expectNoSidewaysScroll(page);
  await snapshot(page, testInfo, 'cards-one');
  // The same for card groups and sites: each a card, its actions in sight.
  await page.goto('/cardGroup');
  await inSight('card-group-edit-Default');
  await page.goto('/siteManage/siteList');
  await inSight(`site-list-current-${site.id}`);
  await inSight(`site-list-select-${otherSite.id}`);
  await expectNoSidewaysScroll(page);
  await snapshot(page, testInfo, 'sites-cards');

  // The overview's menu is not covered by the site search.
  await page.goto('/overview');
  await page.getByTestId('overview-menu-button').click();
  await expect(page.getByTestId('overview-menu')).toBeVisible();
  await snapshot(page, testInfo, 'overview-menu');
});
